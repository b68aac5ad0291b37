import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { answer, clueFields, createClue, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { openEventStream } from '../../test/event-stream';
import { changeSettings } from '../../test/settings';
import { allOkCheckIns, auditLog, sosAlerts, teamPositions } from '../../db/schema';
import type { ControlRoom } from '../../../common/schemas/control-room';
import { purgeSensitiveData } from '../privacy/retention';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK, PUBLIC_URL: 'https://rally.example' } });
  admin = (await signUpAdmin(app)).cookie;
});
afterAll(() => app.close());

async function controlRoom(): Promise<ControlRoom> {
  const res = await app.inject({ url: '/api/admin/control-room', headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const teamLine = async (signupId: number) => (await controlRoom()).teams.find((t) => t.signupId === signupId)!;
const sos = (fields: Record<string, unknown> = {}) => ({ clientId: randomUUID(), ...fields });

describe('SOS', () => {
  it('appears in the control room with the position sent, is e-mailed to the organisers once, and a retry raises nothing new', async () => {
    const driver = await teamDriver(app, 'Lost in Laval');
    const body = sos({ position: { lat: 48.0706, lng: -0.7734, accuracy: 12 }, note: 'Broken down on the N162' });
    const mailsBefore = app.mail.sent.length;
    const first = await post(app, driver.cookie, '/api/my-rally-app/sos', body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(app, driver.cookie, '/api/my-rally-app/sos', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await app.db.select().from(sosAlerts).where(eq(sosAlerts.signupId, driver.team.id))).toHaveLength(1);

    const room = await controlRoom();
    const alert = room.sos.find((a) => a.signupId === driver.team.id)!;
    expect(alert).toMatchObject({
      teamName: 'Lost in Laval',
      note: 'Broken down on the N162',
      position: { lat: 48.0706, lng: -0.7734, source: 'sos' },
    });
    expect(room.teams.find((t) => t.signupId === driver.team.id)!.openSos).toBe(1);

    const mails = app.mail.sent.slice(mailsBefore).filter((m) => m.subject?.startsWith('SOS: Lost in Laval'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('48.07060, -0.77340');
    expect(mails[0]!.text).toContain('https://rally.example/admin/control-room');
    expect(mails[0]!.text).toContain(driver.team.driverPhone);
  });

  it('e-mails the organisers’ notification address when the settings name one, else the support address', async () => {
    const settings = (await app.inject({ url: '/api/settings' })).json();
    const driver = await teamDriver(app);
    await post(app, driver.cookie, '/api/my-rally-app/sos', sos());
    expect(app.mail.sent.findLast((m) => m.subject?.startsWith(`SOS: ${driver.team.teamName}`))!.to).toBe(
      settings.organiserNotifications.address || settings.supportEmail,
    );
    await changeSettings(app, admin, { organiserNotifications: { ...settings.organiserNotifications, address: 'control@example.test' } });
    const other = await teamDriver(app);
    await post(app, other.cookie, '/api/my-rally-app/sos', sos());
    expect(app.mail.sent.findLast((m) => m.subject?.startsWith(`SOS: ${other.team.teamName}`))!.to).toBe('control@example.test');
  });

  it('without a position shows the team’s last known one; the organiser marks it resolved (audited), once', async () => {
    const driver = await teamDriver(app);
    await app.db.insert(teamPositions).values({
      signupId: driver.team.id,
      rallyYear: 2026,
      lat: 47.2184,
      lng: -1.5536,
      recordedAt: new Date('2026-09-10T11:00:00Z'),
      source: 'owntracks',
      clientId: 'fix-1',
    });
    const raised = await post(app, driver.cookie, '/api/my-rally-app/sos', sos());
    const id = raised.json().id as number;
    const alert = (await controlRoom()).sos.find((a) => a.id === id)!;
    expect(alert.position).toMatchObject({ lat: 47.2184, lng: -1.5536, source: 'owntracks' });
    expect((await app.inject({ url: '/api/my-rally-app/status', headers: { cookie: driver.cookie } })).json().openSos.id).toBe(id);

    const resolved = await post(app, admin, `/api/admin/control-room/sos/${id}/resolve`, { note: 'Recovery truck on its way' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().resolvedAt).not.toBeNull();
    expect((await controlRoom()).sos.find((a) => a.id === id)).toBeUndefined();
    expect((await post(app, admin, `/api/admin/control-room/sos/${id}/resolve`, { note: 'Again' })).statusCode).toBe(409);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'sos.resolve'));
    expect(audit.find((a) => a.targetId === String(id))?.details).toMatchObject({ note: 'Recovery truck on its way' });
    // The team reads the organisers' note for the rest of the rally day.
    expect((await app.inject({ url: '/api/my-rally-app/status', headers: { cookie: driver.cookie } })).json().openSos).toMatchObject({
      id,
      resolveNote: 'Recovery truck on its way',
    });
  });

  it('refuses bad input with a 400 and stores nothing; someone not on a team gets 404; another team’s clientId is a 409', async () => {
    const driver = await teamDriver(app);
    const before = (await app.db.select().from(sosAlerts)).length;
    for (const bad of [{}, { clientId: 'x' }, sos({ position: { lat: 91, lng: 0 } }), sos({ note: 'n'.repeat(501) })])
      expect((await post(app, driver.cookie, '/api/my-rally-app/sos', bad)).statusCode).toBe(400);
    const stranger = await signUp(app);
    expect((await post(app, stranger.cookie, '/api/my-rally-app/sos', sos())).statusCode).toBe(404);
    expect((await app.db.select().from(sosAlerts)).length).toBe(before);
    const used = sos();
    await post(app, driver.cookie, '/api/my-rally-app/sos', used);
    const other = await teamDriver(app);
    expect((await post(app, other.cookie, '/api/my-rally-app/sos', used)).statusCode).toBe(409);
  });
});

describe('the live streams', () => {
  it('the organisers’ stream hears an SOS within a second; the public stream never carries admin kinds', async () => {
    const driver = await teamDriver(app);
    const organisers = await openEventStream(app, '/api/admin/live-events', { cookie: admin });
    const pub = await openEventStream(app, '/api/live-events');
    expect(organisers.status).toBe(200);
    const started = Date.now();
    const raised = await post(app, driver.cookie, '/api/my-rally-app/sos', sos());
    expect(await organisers.next((e) => e.kind === 'admin.sos' && e.id === raised.json().id, 1000)).toEqual({
      kind: 'admin.sos',
      signupId: driver.team.id,
      id: raised.json().id,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    // A message to teams is sent after: once the public stream has it, the SOS would have come first.
    const message = await post(app, admin, '/api/admin/control-room/messages', { body: 'Fuel stop at Rennes' });
    await pub.next((e) => e.kind === 'messages.new' && e.id === message.json().id);
    await organisers.next((e) => e.kind === 'messages.new');
    expect(pub.text()).not.toContain('admin.');
    organisers.close();
    pub.close();
  });

  it('the organisers’ stream is refused to a rallier and to the signed-out', async () => {
    const driver = await teamDriver(app);
    expect((await app.inject({ url: '/api/admin/live-events', headers: { cookie: driver.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/live-events' })).statusCode).toBe(401);
  });
});

describe('All OK tonight', () => {
  it('is one per team and rally day: a second one that day keeps the first, and the control room shows it', async () => {
    const driver = await teamDriver(app);
    expect((await teamLine(driver.team.id)).allOkTonight).toBeNull();
    const first = await post(app, driver.cookie, '/api/my-rally-app/all-ok', { clientId: randomUUID() });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().day).toBe('2026-09-10');
    const second = await post(app, driver.cookie, '/api/my-rally-app/all-ok', { clientId: randomUUID() });
    expect(second.json()).toEqual(first.json());
    expect(await app.db.select().from(allOkCheckIns).where(eq(allOkCheckIns.signupId, driver.team.id))).toHaveLength(1);
    expect((await teamLine(driver.team.id)).allOkTonight).toBe(first.json().at);
    const status = await app.inject({ url: '/api/my-rally-app/status', headers: { cookie: driver.cookie } });
    expect(status.json()).toMatchObject({ today: '2026-09-10', allOkToday: first.json(), openSos: null });
  });

  it('yesterday’s All OK is not tonight’s', async () => {
    const driver = await teamDriver(app);
    await app.db.insert(allOkCheckIns).values({ clientId: randomUUID(), signupId: driver.team.id, rallyYear: 2026, day: '2026-09-09' });
    expect((await teamLine(driver.team.id)).allOkTonight).toBeNull();
    expect((await post(app, driver.cookie, '/api/my-rally-app/all-ok', { clientId: randomUUID() })).statusCode).toBe(200);
    expect(await app.db.select().from(allOkCheckIns).where(eq(allOkCheckIns.signupId, driver.team.id))).toHaveLength(2);
  });

  it('is refused outside the rally trip', async () => {
    const early = await createTestApp();
    const driver = await teamDriver(early);
    const res = await post(early, driver.cookie, '/api/my-rally-app/all-ok', { clientId: randomUUID() });
    expect(res.statusCode).toBe(409);
    expect(await early.db.select().from(allOkCheckIns)).toHaveLength(0);
    await early.close();
  });
});

describe('the control room', () => {
  it('flags a team silent after the setting’s hours without contact, and counts its clues', async () => {
    const clue = await createClue(app, admin, clueFields({ title: 'Silent test' }));
    const quiet = await teamDriver(app);
    const busy = await teamDriver(app);
    await post(app, busy.cookie, '/api/my-clues/answers', answer(clue.id));
    // The quiet team was last heard from 2 hours before the rally clock (12:00).
    await app.db.insert(teamPositions).values({
      signupId: quiet.team.id,
      rallyYear: 2026,
      lat: 48.1,
      lng: -1.6,
      recordedAt: new Date('2026-09-10T10:00:00Z'),
      receivedAt: new Date('2026-09-10T10:00:00Z'),
      source: 'app',
      clientId: 'quiet-1',
    });
    expect(await teamLine(quiet.team.id)).toMatchObject({ silent: false, lastContactAt: '2026-09-10T10:00:00.000Z' });
    const settings = await changeSettings(app, admin, { controlRoomSilentHours: 1.5 });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await controlRoom()).silentHours).toBe(1.5);
    expect((await teamLine(quiet.team.id)).silent).toBe(true);
    expect(await teamLine(busy.team.id)).toMatchObject({ silent: false, cluesAnsweredToday: 1, cluesAnswered: 1 });
    expect((await teamLine(busy.team.id)).lastPosition).toBeNull();
    expect((await changeSettings(app, admin, { controlRoomSilentHours: 0.1 })).statusCode).toBe(400);
    await changeSettings(app, admin, { controlRoomSilentHours: 3 });
  });

  it('lists every team of the season holding a place, a team never heard from as silent', async () => {
    const driver = await teamDriver(app, 'Never Heard');
    const line = await teamLine(driver.team.id);
    expect(line).toMatchObject({ teamName: 'Never Heard', lastContactAt: null, silent: true, allOkTonight: null, openSos: 0 });
  });

  it('is for organisers only', async () => {
    const driver = await teamDriver(app);
    for (const [method, url] of [
      ['GET', '/api/admin/control-room'],
      ['POST', '/api/admin/control-room/sos/1/resolve'],
      ['GET', '/api/admin/control-room/messages'],
      ['POST', '/api/admin/control-room/messages'],
    ] as const) {
      expect((await app.inject({ method, url, headers: { cookie: driver.cookie }, payload: {} })).statusCode).toBe(403);
      expect((await app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
  });
});

describe('messages to teams', () => {
  it('a message to one team is seen by that team only; a message to all by every team; newest first; audited', async () => {
    const one = await teamDriver(app);
    const other = await teamDriver(app);
    const toAll = await post(app, admin, '/api/admin/control-room/messages', { body: 'Dinner at 8 in Dinan' });
    expect(toAll.statusCode, toAll.body).toBe(201);
    const toOne = await post(app, admin, '/api/admin/control-room/messages', { body: 'Please call the organisers', signupId: one.team.id });
    expect(toOne.json()).toMatchObject({ toAll: false, signupId: one.team.id, teamName: one.team.teamName });
    const read = async (cookie: string) => (await app.inject({ url: '/api/my-rally-app/messages', headers: { cookie } })).json();
    const ones = await read(one.cookie);
    expect(ones.slice(0, 2).map((m: { body: string }) => m.body)).toEqual(['Please call the organisers', 'Dinner at 8 in Dinan']);
    const others = await read(other.cookie);
    expect(others.map((m: { body: string }) => m.body)).toContain('Dinner at 8 in Dinan');
    expect(others.map((m: { body: string }) => m.body)).not.toContain('Please call the organisers');
    const list = (await app.inject({ url: '/api/admin/control-room/messages', headers: { cookie: admin } })).json();
    expect(list[0]).toMatchObject({ body: 'Please call the organisers', teamName: one.team.teamName });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'rally_message.send'));
    expect(audit.map((a) => a.targetId)).toEqual(expect.arrayContaining([String(toAll.json().id), String(toOne.json().id)]));
  });

  it('refuses an empty message and an unknown team with a clear 4xx, storing nothing', async () => {
    const before = (await app.inject({ url: '/api/admin/control-room/messages', headers: { cookie: admin } })).json().length;
    expect((await post(app, admin, '/api/admin/control-room/messages', { body: '   ' })).json().message).toBeTruthy();
    expect((await post(app, admin, '/api/admin/control-room/messages', { body: '   ' })).statusCode).toBe(400);
    expect((await post(app, admin, '/api/admin/control-room/messages', { body: 'Hi', signupId: 999_999 })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/admin/control-room/messages', headers: { cookie: admin } })).json().length).toBe(before);
  });
});

describe('personal data', () => {
  it("an SOS's position is erased with the season's sensitive data (the SOS stays); the driver's erased account takes the team's SOS alerts", async () => {
    const driver = await teamDriver(app);
    const raised = await post(app, driver.cookie, '/api/my-rally-app/sos', sos({ position: { lat: 48.5, lng: -2.1 } }));
    await purgeSensitiveData(app.db, { now: new Date('2027-01-01T00:00:00Z'), retentionDays: 30 });
    const [kept] = await app.db.select().from(sosAlerts).where(eq(sosAlerts.id, raised.json().id));
    expect(kept).toMatchObject({ latitude: null, longitude: null, accuracyMetres: null, signupId: driver.team.id });

    const other = await teamDriver(app);
    await post(app, other.cookie, '/api/my-rally-app/sos', sos({ position: { lat: 48.5, lng: -2.1 } }));
    const erased = await app.inject({
      method: 'DELETE',
      url: '/api/my-privacy/account',
      headers: { cookie: other.cookie },
      payload: { password: other.password },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await app.db.select().from(sosAlerts).where(eq(sosAlerts.signupId, other.team.id))).toEqual([]);
  });
});
