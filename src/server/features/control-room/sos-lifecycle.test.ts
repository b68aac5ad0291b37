import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { post } from '../../test/clues';
import { insertTeam } from '../../test/factories';
import { changeSettings } from '../../test/settings';
import { auditLog, sosAlerts, sosPresses, teamPositions } from '../../db/schema';
import type { ControlRoom, MyRallyStatus } from '../../../common/schemas/control-room';
import { CLIENT_ID_REUSED } from '../../services/once-per-client-id';
import { escalateUnseenSos, watchControlRoom } from './watch';

/**
 * An SOS seen through to the end: one open per team, the time it was pressed, seen and resolved
 * with a note (the team told), escalated when nobody sees it, and the control room's watch over
 * silent teams and missing "All OK tonight". The rally clock is 21:30 in Paris on a rally day
 * (19:30 UTC), past the default evening hour; the watch is called with the instant it runs at.
 */
const CLOCK = '2026-09-10T19:30:00Z';
const at = (iso: string) => new Date(iso);
const minutesAfterClock = (m: number) => new Date(Date.parse(CLOCK) + m * 60_000);

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: CLOCK, PUBLIC_URL: 'https://rally.example' } });
  admin = await signUpAdmin(app);
});
afterAll(() => app.close());

/** A confirmed team of the season with a co-driver, and its signed-in driver. */
async function team(name = `Team ${randomUUID().slice(0, 6)}`) {
  const driver = await signUp(app);
  const row = await insertTeam(app.db, {
    userId: driver.user.id,
    driverEmail: driver.email,
    teamName: name,
    status: 'confirmed',
    coDriverFirstName: 'Jean',
    coDriverLastName: 'Renouf',
    coDriverPhone: '+44 7700 900789',
  });
  return { ...driver, team: row };
}
const sos = (fields: Record<string, unknown> = {}) => ({ clientId: randomUUID(), ...fields });
const mailsTo = (teamName: string, from = 0) => app.mail.sent.slice(from).filter((m) => m.subject?.includes(teamName));

async function controlRoom(cookie = admin.cookie): Promise<ControlRoom> {
  const res = await app.inject({ url: '/api/admin/control-room', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function status(cookie: string): Promise<MyRallyStatus> {
  const res = await app.inject({ url: '/api/my-rally-app/status', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('one open SOS per team', () => {
  it('a second press while one is open updates it (note, position, time) and e-mails nobody again', async () => {
    const t = await team();
    const before = app.mail.sent.length;
    const first = await post(app, t.cookie, '/api/my-rally-app/sos', sos({ note: 'Tyre gone', madeAt: '2026-09-10T19:00:00Z' }));
    expect(first.statusCode, first.body).toBe(201);
    const again = sos({ note: 'Now the engine too', position: { lat: 48.1, lng: -1.7, accuracy: 20 }, madeAt: '2026-09-10T19:20:00Z' });
    const second = await post(app, t.cookie, '/api/my-rally-app/sos', again);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    // The retry of that second press is the same SOS, nothing new.
    expect((await post(app, t.cookie, '/api/my-rally-app/sos', again)).json().id).toBe(first.json().id);

    expect(await app.db.select().from(sosAlerts).where(eq(sosAlerts.signupId, t.team.id))).toHaveLength(1);
    expect(await app.db.select().from(sosPresses).where(eq(sosPresses.sosId, first.json().id))).toHaveLength(2);
    const alert = (await controlRoom()).sos.find((a) => a.id === first.json().id)!;
    expect(alert).toMatchObject({
      note: 'Now the engine too',
      madeAt: '2026-09-10T19:00:00.000Z',
      repeatedAt: '2026-09-10T19:20:00.000Z',
      position: { lat: 48.1, lng: -1.7, source: 'sos', at: '2026-09-10T19:20:00.000Z' },
    });
    expect((await controlRoom()).teams.find((x) => x.signupId === t.team.id)!.openSos).toBe(1);
    expect(mailsTo(t.team.teamName, before)).toHaveLength(1);
  });

  it('the same clientId with another note is a 409 with the shared text, and the first note stays', async () => {
    const t = await team();
    const body = sos({ note: 'Flat tyre' });
    expect((await post(app, t.cookie, '/api/my-rally-app/sos', body)).statusCode).toBe(201);
    const reused = await post(app, t.cookie, '/api/my-rally-app/sos', { ...body, note: 'Something else' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(CLIENT_ID_REUSED);
    const [row] = await app.db.select().from(sosAlerts).where(eq(sosAlerts.signupId, t.team.id));
    expect(row!.note).toBe('Flat tyre');
  });

  it('once resolved, the next press opens a new SOS and e-mails again', async () => {
    const t = await team();
    const first = (await post(app, t.cookie, '/api/my-rally-app/sos', sos())).json();
    await post(app, admin.cookie, `/api/admin/control-room/sos/${first.id}/resolve`, { note: 'Sorted' });
    const before = app.mail.sent.length;
    const next = await post(app, t.cookie, '/api/my-rally-app/sos', sos());
    expect(next.statusCode).toBe(201);
    expect(next.json().id).not.toBe(first.id);
    expect(mailsTo(t.team.teamName, before)).toHaveLength(1);
  });
});

describe('the time it was pressed', () => {
  it('keeps the phone’s madeAt and the arrival; the control room, the status and the e-mail show both in Paris time', async () => {
    const t = await team('Offline in Fougères');
    const before = app.mail.sent.length;
    const raised = await post(
      app,
      t.cookie,
      '/api/my-rally-app/sos',
      sos({ madeAt: '2026-09-10T16:05:00+02:00', position: { lat: 48.35, lng: -1.2, accuracy: 10 } }),
    );
    expect(raised.json()).toMatchObject({ madeAt: '2026-09-10T14:05:00.000Z', arrivedAt: '2026-09-10T19:30:00.000Z' });
    expect((await status(t.cookie)).openSos).toMatchObject({ madeAt: '2026-09-10T14:05:00.000Z', arrivedAt: '2026-09-10T19:30:00.000Z' });
    const room = await controlRoom();
    expect(room.timeZone).toBe('Europe/Paris');
    expect(room.sos.find((a) => a.id === raised.json().id)!.position).toMatchObject({ at: '2026-09-10T14:05:00.000Z' });
    const [mail] = mailsTo('Offline in Fougères', before);
    expect(mail!.text).toContain('at 16:05 (it reached the site at 21:30');
    expect(mail!.text).toContain('Position sent with the SOS at 16:05');
    expect(mail!.text).toContain('Times are Paris time (CEST).');
    expect(mail!.text).not.toContain('UTC');
  });

  it('a madeAt later than now is taken as now (a phone clock ahead never blocks an SOS)', async () => {
    const t = await team();
    const raised = await post(app, t.cookie, '/api/my-rally-app/sos', sos({ madeAt: '2026-09-10T23:00:00Z' }));
    expect(raised.statusCode).toBe(201);
    expect(raised.json().madeAt).toBe('2026-09-10T19:30:00.000Z');
  });
});

describe('seen and resolved', () => {
  it('“I’ve seen it” is stored once with who (audited); the team’s status shows when', async () => {
    const t = await team();
    const id = (await post(app, t.cookie, '/api/my-rally-app/sos', sos())).json().id as number;
    expect((await status(t.cookie)).openSos!.seenAt).toBeNull();
    const seen = await post(app, admin.cookie, `/api/admin/control-room/sos/${id}/seen`, {});
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().seenAt).toBe(CLOCK.replace('Z', '.000Z'));
    expect((await status(t.cookie)).openSos).toMatchObject({ id, seenAt: '2026-09-10T19:30:00.000Z', resolvedAt: null });
    const alert = (await controlRoom()).sos.find((a) => a.id === id)!;
    expect(alert.seenAt).toBe('2026-09-10T19:30:00.000Z');
    expect(alert.seenBy).toBeTruthy();
    expect((await post(app, admin.cookie, `/api/admin/control-room/sos/${id}/seen`, {})).statusCode).toBe(200);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'sos.seen'));
    expect(audit.filter((a) => a.targetId === String(id))).toHaveLength(1);
    expect((await post(app, admin.cookie, '/api/admin/control-room/sos/999999/seen', {})).statusCode).toBe(404);
  });

  it('“Mark resolved” needs a note (400 without, nothing changes); with one the team reads it, the rest of that day', async () => {
    const t = await team();
    const id = (await post(app, t.cookie, '/api/my-rally-app/sos', sos())).json().id as number;
    for (const bad of [{}, { note: '' }, { note: '   ' }, { note: 'n'.repeat(501) }]) {
      const res = await post(app, admin.cookie, `/api/admin/control-room/sos/${id}/resolve`, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await status(t.cookie)).openSos!.resolvedAt).toBeNull();
    const resolved = await post(app, admin.cookie, `/api/admin/control-room/sos/${id}/resolve`, { note: 'Recovery truck booked' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await status(t.cookie)).openSos).toMatchObject({
      id,
      resolvedAt: '2026-09-10T19:30:00.000Z',
      resolveNote: 'Recovery truck booked',
      // Resolved is seen.
      seenAt: '2026-09-10T19:30:00.000Z',
    });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'sos.resolve'));
    expect(audit.find((a) => a.targetId === String(id))?.details).toMatchObject({ note: 'Recovery truck booked' });
    // The next rally day it is no longer the team's SOS to read.
    await app.db
      .update(sosAlerts)
      .set({ resolvedAt: at('2026-09-09T19:00:00Z') })
      .where(eq(sosAlerts.id, id));
    expect((await status(t.cookie)).openSos).toBeNull();
  });
});

describe('the SOS card’s private details', () => {
  it('the organisers see both phones, the emergency contact and the position; a team member or stranger none of them', async () => {
    const t = await team();
    const id = (await post(app, t.cookie, '/api/my-rally-app/sos', sos({ position: { lat: 48.2, lng: -1.5 } }))).json().id as number;
    const alert = (await controlRoom()).sos.find((a) => a.id === id)!;
    expect(alert).toMatchObject({
      driver: { name: 'Amelia Le Brocq', phone: '+44 7700 900123' },
      coDriver: { name: 'Jean Renouf', phone: '+44 7700 900789' },
      emergencyContact: { name: 'Tom Le Brocq', phone: '+44 7700 900456', relationship: 'Brother' },
      position: { lat: 48.2, lng: -1.5 },
    });
    const stranger = await signUp(app);
    for (const cookie of [t.cookie, stranger.cookie]) {
      const res = await app.inject({ url: '/api/admin/control-room', headers: { cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('900789');
      expect(res.body).not.toContain('Tom Le Brocq');
    }
    expect((await app.inject({ url: '/api/admin/control-room' })).statusCode).toBe(401);
    // The team's own SOS answers carry no contact details either.
    const own = JSON.stringify([await status(t.cookie), (await post(app, t.cookie, '/api/my-rally-app/sos', sos())).json()]);
    for (const privateValue of ['900789', '900456', 'Tom Le Brocq', 'Brother']) expect(own).not.toContain(privateValue);
    for (const url of [`/api/admin/control-room/sos/${id}/seen`, `/api/admin/control-room/sos/${id}/resolve`]) {
      expect((await post(app, t.cookie, url, { note: 'x' })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url, payload: { note: 'x' } })).statusCode).toBe(401);
    }
  });
});

describe('the control room’s watch (a scheduled job, called here with the instant it runs at)', () => {
  it('an SOS nobody has seen is e-mailed again, UNACKNOWLEDGED, to every organiser once, after the setting’s minutes and not before', async () => {
    const other = await signUpAdmin(app);
    await changeSettings(app, admin.cookie, { sosEscalateMinutes: 10 });
    const t = await team('Unseen in Vitré');
    const seenTeam = await team('Seen in Vitré');
    const id = (await post(app, t.cookie, '/api/my-rally-app/sos', sos({ note: 'Off the road' }))).json().id as number;
    const seenId = (await post(app, seenTeam.cookie, '/api/my-rally-app/sos', sos())).json().id as number;
    await post(app, admin.cookie, `/api/admin/control-room/sos/${seenId}/seen`, {});
    const before = app.mail.sent.length;

    // The watch's SOS part alone: its evening part would take this evening's All OK list from the last test.
    const escalate = async (now: Date) => escalateUnseenSos(app, await app.rallySettings(), now);
    expect(await escalate(minutesAfterClock(9))).not.toContain(id);
    expect(mailsTo('UNACKNOWLEDGED SOS: Unseen in Vitré', before)).toHaveLength(0);
    expect(await escalate(minutesAfterClock(10))).toContain(id);
    expect(await escalate(minutesAfterClock(11))).toEqual([]);
    const sent = mailsTo('UNACKNOWLEDGED SOS: Unseen in Vitré', before);
    const settings = (await app.inject({ url: '/api/settings' })).json();
    const to = sent.map((m) => m.to);
    expect(to).toEqual(
      expect.arrayContaining([admin.email, other.email, settings.organiserNotifications.address || settings.supportEmail]),
    );
    expect(new Set(to).size).toBe(to.length);
    expect(sent[0]!.text).toContain('for 10 minutes');
    expect(sent[0]!.text).toContain('Off the road');
    expect(mailsTo('UNACKNOWLEDGED SOS: Seen in Vitré', before)).toHaveLength(0);
    expect((await controlRoom()).sos.find((a) => a.id === id)!.escalatedAt).toBe(minutesAfterClock(10).toISOString());
  });

  it('a team silent for the setting’s hours on a rally day is e-mailed to the organisers once per silence', async () => {
    const quiet = await team('Quiet in Dol');
    const chatty = await team('Chatty in Dol');
    const heard = async (signupId: number, iso: string) =>
      app.db.insert(teamPositions).values({
        signupId,
        rallyYear: 2026,
        lat: 48.5,
        lng: -1.7,
        recordedAt: at(iso),
        receivedAt: at(iso),
        source: 'app',
        clientId: randomUUID(),
      });
    await heard(quiet.team.id, '2026-09-10T08:00:00Z');
    await heard(chatty.team.id, '2026-09-10T12:30:00Z');
    const silentMails = (from: number) =>
      app.mail.sent.slice(from).filter((m) => m.subject?.startsWith('Silent') && m.text.includes('Quiet in Dol'));
    const before = app.mail.sent.length;
    // 12:30 in Paris: heard from 10:00, 2.5 hours ago (the setting is 3).
    expect((await watchControlRoom(app, at('2026-09-10T10:30:00Z'))).silent).not.toContain(quiet.team.id);
    const first = await watchControlRoom(app, at('2026-09-10T11:05:00Z'));
    expect(first.silent).toContain(quiet.team.id);
    expect(first.silent).not.toContain(chatty.team.id);
    await watchControlRoom(app, at('2026-09-10T11:06:00Z'));
    await watchControlRoom(app, at('2026-09-10T12:00:00Z'));
    expect(silentMails(before)).toHaveLength(1);
    expect(silentMails(before)[0]!.text).toContain('last heard from Thu 10 Sept, 10:00');
    // Heard from again, then silent again: told again, once.
    await heard(quiet.team.id, '2026-09-10T13:00:00Z');
    expect((await watchControlRoom(app, at('2026-09-10T15:00:00Z'))).silent).not.toContain(quiet.team.id);
    expect((await watchControlRoom(app, at('2026-09-10T16:01:00Z'))).silent).toContain(quiet.team.id);
    await watchControlRoom(app, at('2026-09-10T16:02:00Z'));
    expect(silentMails(before)).toHaveLength(2);
    // At night nobody is woken for a silence.
    expect((await watchControlRoom(app, at('2026-09-11T01:00:00Z'))).silent).toEqual([]);
  });

  it('past the evening hour the teams without All OK tonight are listed in the control room and e-mailed once', async () => {
    const ok = await team('Fine in Dinan');
    const missing = await team('Missing in Dinan');
    expect((await post(app, ok.cookie, '/api/my-rally-app/all-ok', { clientId: randomUUID() })).statusCode).toBe(200);
    const room = await controlRoom();
    expect(room.allOkEveningHour).toBe(21);
    expect(room.teams.find((x) => x.signupId === missing.team.id)!.allOkMissing).toBe(true);
    expect(room.teams.find((x) => x.signupId === ok.team.id)!.allOkMissing).toBe(false);

    const before = app.mail.sent.length;
    // 20:59 in Paris: not yet.
    expect((await watchControlRoom(app, at('2026-09-10T18:59:00Z'))).allOkMissing).toEqual([]);
    const told = await watchControlRoom(app, at('2026-09-10T19:00:00Z'));
    expect(told.allOkMissing).toContain(missing.team.id);
    expect(told.allOkMissing).not.toContain(ok.team.id);
    await watchControlRoom(app, at('2026-09-10T19:45:00Z'));
    const mails = app.mail.sent.slice(before).filter((m) => m.subject?.startsWith('All OK tonight missing'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Missing in Dinan');
    expect(mails[0]!.text).not.toContain('Fine in Dinan');
    expect(mails[0]!.text).toContain('By 21:00');
  });

  it('the evening hour is a setting, checked like the others', async () => {
    expect((await changeSettings(app, admin.cookie, { allOkEveningHour: 24 })).statusCode).toBe(400);
    expect((await changeSettings(app, admin.cookie, { sosEscalateMinutes: 0 })).statusCode).toBe(400);
    const saved = await changeSettings(app, admin.cookie, { allOkEveningHour: 22 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await controlRoom()).teams.every((x) => !x.allOkMissing)).toBe(true);
    await changeSettings(app, admin.cookie, { allOkEveningHour: 21 });
  });
});
