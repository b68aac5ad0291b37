import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { auditLog, signups } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import type { StatusChangeView } from '../../../common/schemas/entry-status';
import type { RallySettings } from '../../../common/schemas/rally-settings';

let app: TestApp;
let rally: RallySettings;
let admin: { cookie: string; email: string };
beforeAll(async () => {
  app = await createTestApp();
  rally = await app.rallySettings();
  admin = await signUpAdmin(app);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, payload });

/** A signed-in driver with a team of this year. */
async function rallier() {
  const { user, cookie } = await signUp(app);
  const res = await call('POST', '/api/signups', cookie, teamInput({ driverEmail: user.email }));
  expect(res.statusCode).toBe(201);
  return { user, cookie, signupId: res.json().id as number };
}

const statusOf = async (id: number) => (await app.db.select({ status: signups.status }).from(signups).where(eq(signups.id, id)))[0]?.status;

describe('entry status', () => {
  it('a new team is registered, with its deposit due, and no moves yet', async () => {
    const { cookie, signupId } = await rallier();
    const mine = await call('GET', '/api/my-signup', cookie);
    expect(mine.json()).toMatchObject({ id: signupId, status: 'registered', waitingListPosition: null });
    expect((await call('GET', `/api/admin/registrations/${signupId}/status-history`, admin.cookie)).json()).toEqual([]);
  });

  it('an organiser moves a team and every move is recorded: who, when, from, to, why', async () => {
    const { cookie, signupId } = await rallier();
    const paid = await call('PATCH', `/api/admin/registrations/${signupId}/status`, admin.cookie, {
      status: 'deposit_paid',
      reason: 'Bank transfer 3 March',
    });
    expect(paid.statusCode).toBe(200);
    const confirmed = await call('PATCH', `/api/admin/registrations/${signupId}/status`, admin.cookie, { status: 'confirmed' });
    const history = confirmed.json() as StatusChangeView[];
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorEmail, h.reason])).toEqual([
      ['deposit_paid', 'confirmed', admin.email, null],
      ['registered', 'deposit_paid', admin.email, 'Bank transfer 3 March'],
    ]);
    expect(Date.parse(history[0]!.createdAt)).not.toBeNaN();
    expect(await statusOf(signupId)).toBe('confirmed');
    expect((await call('GET', '/api/my-signup', cookie)).json().status).toBe('confirmed');
    const audited = await app.db.select().from(auditLog).where(eq(auditLog.action, 'signup.status'));
    expect(audited.some((a) => a.targetId === String(signupId) && (a.details as { to: string }).to === 'confirmed')).toBe(true);
  });

  it('a move to the status the team already has is refused and records nothing', async () => {
    const team = await insertTeam(app.db);
    const res = await call('PATCH', `/api/admin/registrations/${team.id}/status`, admin.cookie, { status: 'registered' });
    expect(res.statusCode).toBe(409);
    expect((await call('GET', `/api/admin/registrations/${team.id}/status-history`, admin.cookie)).json()).toEqual([]);
  });

  it('refuses an unknown status or team with a clear answer', async () => {
    const team = await insertTeam(app.db);
    const bad = await call('PATCH', `/api/admin/registrations/${team.id}/status`, admin.cookie, { status: 'paid' });
    expect(bad.statusCode).toBe(400);
    expect(await statusOf(team.id)).toBe('registered');
    const missing = await call('PATCH', '/api/admin/registrations/999999/status', admin.cookie, { status: 'confirmed' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Signup not found');
  });

  it('ralliers cannot move statuses through the organisers’ route', async () => {
    const { cookie, signupId } = await rallier();
    const res = await call('PATCH', `/api/admin/registrations/${signupId}/status`, cookie, { status: 'confirmed' });
    expect(res.statusCode).toBe(403);
    expect(await statusOf(signupId)).toBe('registered');
  });

  it('a rallier withdraws their own team: recorded, and the team leaves the public lists', async () => {
    const { user, cookie, signupId } = await rallier();
    const listed = async () => ({
      teams: ((await app.inject({ url: '/api/signups' })).json() as { id: number }[]).some((t) => t.id === signupId),
      board: ((await app.inject({ url: '/api/leaderboard' })).json() as { signupId: number }[]).some((t) => t.signupId === signupId),
    });
    expect(await listed()).toEqual({ teams: true, board: true });

    const res = await call('POST', '/api/my-dashboard/team/withdraw', cookie, { reason: 'Car failed its MOT' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('withdrawn');
    const [move] = (await call('GET', `/api/admin/registrations/${signupId}/status-history`, admin.cookie)).json() as StatusChangeView[];
    expect(move).toMatchObject({ fromStatus: 'registered', toStatus: 'withdrawn', actorEmail: user.email, reason: 'Car failed its MOT' });
    await expect.poll(listed).toEqual({ teams: false, board: false });
    // The donate link keeps working for gifts already promised.
    expect((await app.inject({ url: `/api/public/signup/${signupId}` })).statusCode).toBe(200);

    const again = await call('POST', '/api/my-dashboard/team/withdraw', cookie, {});
    expect(again.statusCode).toBe(409);
  });

  it('a waiting team sees its place in line, by when it registered', async () => {
    const year = rally.year;
    const first = await insertTeam(app.db, { rallyYear: year, status: 'waiting_list', createdAt: new Date('2026-01-01T10:00:00Z') });
    const { cookie, signupId } = await rallier();
    await app.db
      .update(signups)
      .set({ status: 'waiting_list', createdAt: new Date('2026-01-02T10:00:00Z') })
      .where(eq(signups.id, signupId));
    expect((await call('GET', '/api/my-signup', cookie)).json().waitingListPosition).toBe(2);
    await call('PATCH', `/api/admin/registrations/${first.id}/status`, admin.cookie, { status: 'registered', reason: 'A place came free' });
    expect((await call('GET', '/api/my-signup', cookie)).json().waitingListPosition).toBe(1);
  });

  it('marks several teams confirmed at once, skipping those already confirmed', async () => {
    const a = await insertTeam(app.db);
    const b = await insertTeam(app.db, { status: 'confirmed' });
    const res = await call('POST', '/api/admin/registrations/status-batch', admin.cookie, { ids: [a.id, b.id], status: 'confirmed' });
    expect(res.json()).toEqual({ changed: 1, unchanged: 1 });
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['confirmed', 'confirmed']);
    expect((await call('GET', `/api/admin/registrations/${b.id}/status-history`, admin.cookie)).json()).toEqual([]);
    const empty = await call('POST', '/api/admin/registrations/status-batch', admin.cookie, { ids: [], status: 'confirmed' });
    expect(empty.statusCode).toBe(400);
  });

  it('only the driver may withdraw the team; its co-driver is refused and nothing changes', async () => {
    const coDriverEmail = `co-${Date.now()}@example.test`;
    const { cookie, user } = await signUp(app, { email: coDriverEmail });
    // A co-driver who accepted the invitation.
    const team = await insertTeam(app.db, { coDriverEmail, coDriverUserId: user.id, coDriverAcceptedAt: new Date() });
    expect((await call('GET', '/api/my-signup', cookie)).json()).toMatchObject({ id: team.id, role: 'co-driver' });
    const res = await call('POST', '/api/my-dashboard/team/withdraw', cookie, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the driver can withdraw the team.');
    expect(await statusOf(team.id)).toBe('registered');
  });
});
