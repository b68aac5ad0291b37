import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/app';
import { openEventStream } from '../../test/event-stream';
import { signUp, signUpAdmin } from '../../test/auth';
import { post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { auditLog, signups, teamUpdates } from '../../db/schema';
import { CLIENT_ID_REUSED } from '../../services/once-per-client-id';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = await signUpAdmin(app);
});
afterAll(() => app.close());

const update = (fields: Record<string, unknown> = {}) => ({ clientId: randomUUID(), body: 'Crossed the Loire at dawn!', ...fields });
const publicList = async (query = '') => {
  const res = await app.inject({ url: `/api/team-updates${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { updates: { id: number; signupId: number; body: string; teamName: string }[]; nextBefore: string | null };
};
const rowsOf = (signupId: number) => app.db.select().from(teamUpdates).where(eq(teamUpdates.signupId, signupId));

async function uploadPhoto(cookie: string): Promise<string> {
  const ticket = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
  expect(ticket.statusCode).toBe(200);
  const url: string = ticket.json().uploadURL;
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#d9412b' } })
    .png()
    .toBuffer();
  const put = await app.inject({ method: 'PUT', url, payload: png, headers: { 'content-type': 'image/png' } });
  expect(put.statusCode, put.body).toBe(200);
  return url;
}

describe('posting', () => {
  it('lets the driver post with a photo, and an accepted co-driver, but no one else', async () => {
    const { cookie, team } = await teamDriver(app, 'Posting Pals');
    const withPhoto = await post(app, cookie, '/api/my-rally-app/updates', update({ photoUploadUrl: await uploadPhoto(cookie) }));
    expect(withPhoto.statusCode, withPhoto.body).toBe(201);
    expect(withPhoto.json()).toMatchObject({ signupId: team.id, teamName: 'Posting Pals', hidden: false });
    expect(withPhoto.json().photoUrl).toMatch(/\/uploads\/team-updates\/.+\.webp$/);

    const coDriver = await signUp(app);
    await app.db.update(signups).set({ coDriverEmail: coDriver.email }).where(eq(signups.id, team.id));
    const invitedOnly = await post(app, coDriver.cookie, '/api/my-rally-app/updates', update());
    expect(invitedOnly.statusCode).toBe(404);
    await app.db.update(signups).set({ coDriverUserId: coDriver.user.id, coDriverAcceptedAt: new Date() }).where(eq(signups.id, team.id));
    expect((await post(app, coDriver.cookie, '/api/my-rally-app/updates', update({ body: 'My turn to drive' }))).statusCode).toBe(201);

    const stranger = await signUp(app);
    expect((await post(app, stranger.cookie, '/api/my-rally-app/updates', update())).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'POST', url: '/api/my-rally-app/updates', payload: update() });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowsOf(team.id)).toHaveLength(2);
  });

  it('stores a retried clientId once and refuses the same id with other words', async () => {
    const { cookie, team } = await teamDriver(app);
    const sent = update({ photoUploadUrl: await uploadPhoto(cookie) });
    const first = await post(app, cookie, '/api/my-rally-app/updates', sent);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(app, cookie, '/api/my-rally-app/updates', sent);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const changed = await post(app, cookie, '/api/my-rally-app/updates', { ...sent, body: 'Something else' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(CLIENT_ID_REUSED);
    expect(await rowsOf(team.id)).toHaveLength(1);
  });

  it('refuses empty, overlong and malformed posts with a 400 and stores nothing', async () => {
    const { cookie, team } = await teamDriver(app);
    for (const [payload, message] of [
      [update({ body: '   ' }), 'Please write your update'],
      [update({ body: 'x'.repeat(501) }), '500'],
      [update({ clientId: 'not-a-uuid' }), 'clientId must be a UUID'],
      [update({ photoUploadUrl: 'https://elsewhere.example/x.png' }), 'not an upload of this site'],
    ] as const) {
      const res = await post(app, cookie, '/api/my-rally-app/updates', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await rowsOf(team.id)).toEqual([]);
  });
});

describe('reading and hiding', () => {
  it('lists visible updates newest first with no private field; hidden ones vanish, the team still sees them', async () => {
    const { cookie, team, user } = await teamDriver(app, 'Newest First');
    const older = (await post(app, cookie, '/api/my-rally-app/updates', update({ body: 'Older news' }))).json();
    const newer = (await post(app, cookie, '/api/my-rally-app/updates', update({ body: 'Newer news' }))).json();

    const mine = await publicList(`?signupId=${team.id}`);
    expect(mine.updates.map((u) => u.body)).toEqual(['Newer news', 'Older news']);
    expect(Object.keys(mine.updates[0]!).sort()).toEqual(['body', 'createdAt', 'id', 'photoUrl', 'signupId', 'teamName']);
    const raw = (await app.inject({ url: `/api/team-updates?signupId=${team.id}` })).body;
    for (const secret of [user.email, user.id, user.firstName, older.clientId]) expect(raw).not.toContain(secret);
    expect((await publicList(`?signupId=${team.id}&limit=1`)).nextBefore).toBe(newer.createdAt);
    expect((await publicList(`?signupId=${team.id}&before=${encodeURIComponent(newer.createdAt)}`)).updates.map((u) => u.id)).toEqual([
      older.id,
    ]);
    expect((await publicList()).updates.map((u) => u.id)).toContain(newer.id);

    const hidden = await post(app, admin.cookie, `/api/admin/team-updates/${newer.id}/hide`, { reason: 'A number plate shows' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, hiddenReason: 'A number plate shows' });
    expect((await publicList(`?signupId=${team.id}`)).updates.map((u) => u.id)).toEqual([older.id]);
    expect((await publicList()).updates.map((u) => u.id)).not.toContain(newer.id);
    const own = await app.inject({ url: '/api/my-rally-app/updates', headers: { cookie } });
    expect(own.json().map((u: { id: number; hidden: boolean }) => [u.id, u.hidden])).toEqual([
      [newer.id, true],
      [older.id, false],
    ]);

    expect((await post(app, admin.cookie, `/api/admin/team-updates/${newer.id}/unhide`, {})).json().hidden).toBe(false);
    expect((await publicList(`?signupId=${team.id}`)).updates.map((u) => u.id)).toEqual([newer.id, older.id]);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(newer.id)));
    expect(audits.filter((a) => a.targetType === 'team_update').map((a) => a.action)).toEqual(['team_update.hide', 'team_update.unhide']);
    expect(audits[0]?.actorUserId).toBe(admin.user.id);
  });

  it('lets no team hide, show or see another team’s updates; bad input is a 4xx', async () => {
    const a = await teamDriver(app);
    const b = await teamDriver(app);
    const posted = (await post(app, a.cookie, '/api/my-rally-app/updates', update())).json();
    expect((await post(app, b.cookie, `/api/admin/team-updates/${posted.id}/hide`, { reason: 'rival' })).statusCode).toBe(403);
    expect((await post(app, a.cookie, `/api/admin/team-updates/${posted.id}/hide`, { reason: 'mine' })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/team-updates', headers: { cookie: b.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/my-rally-app/updates', headers: { cookie: b.cookie } })).json()).toEqual([]);
    expect((await post(app, admin.cookie, `/api/admin/team-updates/${posted.id}/hide`, { reason: ' ' })).statusCode).toBe(400);
    expect((await post(app, admin.cookie, '/api/admin/team-updates/999999/hide', { reason: 'x' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/team-updates?limit=0' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/team-updates?signupId=abc' })).statusCode).toBe(400);
    expect((await rowsOf(a.team.id))[0]?.hiddenAt).toBeNull();
    const listed = await app.inject({ url: '/api/admin/team-updates', headers: { cookie: admin.cookie } });
    expect(listed.json().map((u: { id: number }) => u.id)).toContain(posted.id);
  });
});

describe('live events and personal data', () => {
  it('tells open pages when an update is posted and when it is hidden', async () => {
    const { cookie, team } = await teamDriver(app);
    const ofTeam = (e: { kind: string; signupId?: number }) => e.kind === 'updates.changed' && e.signupId === team.id;
    const posting = await openEventStream(app, '/api/live-events');
    const posted = (await post(app, cookie, '/api/my-rally-app/updates', update())).json();
    expect(await posting.next(ofTeam, 1000)).toEqual({ kind: 'updates.changed', signupId: team.id, id: posted.id });
    posting.close();
    const hiding = await openEventStream(app, '/api/live-events');
    await post(app, admin.cookie, `/api/admin/team-updates/${posted.id}/hide`, { reason: 'x' });
    expect(await hiding.next(ofTeam, 1000)).toEqual({ kind: 'updates.changed', signupId: team.id, id: posted.id });
    hiding.close();
  });

  it("puts the team's updates in its members' data download and erases them with their author, and all with the driver", async () => {
    const driver = await teamDriver(app);
    const coDriver = await signUp(app);
    await app.db
      .update(signups)
      .set({ coDriverUserId: coDriver.user.id, coDriverAcceptedAt: new Date() })
      .where(eq(signups.id, driver.team.id));
    await post(app, driver.cookie, '/api/my-rally-app/updates', update({ body: 'From the driver' }));
    await post(app, coDriver.cookie, '/api/my-rally-app/updates', update({ body: 'From the co-driver' }));
    const download = await app.inject({ url: '/api/my-privacy/data', headers: { cookie: driver.cookie } });
    expect(download.statusCode, download.body).toBe(200);
    expect(JSON.parse(download.body).teamUpdates.map((u: { body: string }) => u.body)).toEqual(['From the driver', 'From the co-driver']);

    const deleteAccount = (who: { cookie: string; password: string }) =>
      app.inject({
        method: 'DELETE',
        url: '/api/my-privacy/account',
        headers: { cookie: who.cookie },
        payload: { password: who.password },
      });
    expect((await deleteAccount(coDriver)).statusCode).toBe(200);
    expect((await rowsOf(driver.team.id)).map((u) => u.body)).toEqual(['From the driver']);
    await post(app, driver.cookie, '/api/my-rally-app/updates', update({ body: 'Another' }));
    expect((await deleteAccount(driver)).statusCode).toBe(200);
    expect(await rowsOf(driver.team.id)).toEqual([]);
  });
});
