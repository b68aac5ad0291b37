import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { insertTeam } from '../../test/factories';
import {
  auditLog,
  bulkSendRecipients,
  contacts,
  emailUpdates,
  historicParticipants,
  teamFollowerSends,
  teamFollowerPushes,
  teamFollowers,
  teamUpdates,
} from '../../db/schema';
import { FOLLOW_STARTED } from '../../../common/schemas/followers';
import { queueDigests } from './queue-sends';
import { FOLLOW_LIMITS } from './start-follow-request';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK, PUBLIC_URL: 'https://rally.example.org' } });
  app.bulkMail.configure({ ratePerSecond: 1000 });
  admin = await signUpAdmin(app);
});
afterAll(() => app.close());
beforeEach(() => {
  app.mail.sent.length = 0;
});

let n = 0;
const address = () => `fan${++n}-${randomUUID().slice(0, 6)}@supporters.test`;
const follow = (signupId: number, body: object, ip = `10.1.${n % 250}.${(n * 7) % 250}`) =>
  app.inject({ method: 'POST', url: `/api/fundraising/teams/${signupId}/followers`, payload: body, remoteAddress: ip });
const mailTo = (email: string) => app.mail.sent.filter((m) => m.to === email);
const confirmToken = (email: string) => {
  const m = /\/follow\/confirm\/([\w.-]+)/.exec(mailTo(email).at(-1)?.text ?? '');
  expect(m, `a confirmation e-mail to ${email}`).not.toBeNull();
  return m![1]!;
};
const confirm = (token: string) => app.inject({ method: 'POST', url: '/api/followers/confirm', payload: { token } });
const followRow = async (signupId: number, email: string) =>
  (await app.db.select().from(teamFollowers).where(eq(teamFollowers.email, email))).find((f) => f.signupId === signupId);

/** A confirmed follower of the team, by the supporter's own steps. */
async function confirmedFollower(signupId: number, extra: object = {}) {
  const email = address();
  expect((await follow(signupId, { email, ...extra })).statusCode).toBe(202);
  expect((await confirm(confirmToken(email))).statusCode).toBe(200);
  return { email, token: (await followRow(signupId, email))!.token };
}

async function postUpdate(cookie: string, body = 'Crossed the Loire at dawn!') {
  const res = await post(app, cookie, '/api/my-rally-app/updates', { clientId: randomUUID(), body });
  expect(res.statusCode, res.body).toBe(201);
  await app.teamFollowers.settled();
  return res.json() as { id: number; signupId: number };
}

const sendOf = async (updateId: number) =>
  (await app.db.select().from(teamFollowerSends).where(eq(teamFollowerSends.teamUpdateId, updateId)))[0];

/** Sends what the outbox holds for this update's followers, as the queue's worker would. */
async function deliver(updateId: number) {
  const send = await sendOf(updateId);
  if (send?.bulkSendId) await app.bulkMail.drain(send.bulkSendId);
  return send;
}

describe('following a team', () => {
  it('starts with a confirmation e-mail; opening the link changes nothing, the page posts it and the follow is confirmed', async () => {
    const { team } = await teamDriver(app, 'Loire Larks');
    const email = address();
    const res = await follow(team.id, { email: email.toUpperCase(), name: 'Ann Fan' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: FOLLOW_STARTED });
    const [mail] = mailTo(email);
    expect(mail?.subject).toBe('Please confirm: follow Loire Larks');
    expect(mail?.text).toContain('https://rally.example.org/follow/confirm/');

    const token = confirmToken(email);
    // A mail scanner opening the link: the page loads, the follow stays pending.
    await app.inject({ url: `/follow/confirm/${token}` });
    expect((await app.inject({ url: `/api/followers/confirm?token=${token}` })).statusCode).not.toBe(200);
    expect((await followRow(team.id, email))?.confirmedAt).toBeNull();

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ teamName: 'Loire Larks', following: true, message: 'Thank you. You now follow Loire Larks.' });
    expect((await followRow(team.id, email))?.confirmedAt).not.toBeNull();
    // Once only: followed again it changes nothing.
    expect((await confirm(token)).statusCode).toBe(410);
  });

  it('never puts the follower on the mailing list', async () => {
    const { team } = await teamDriver(app);
    const { email } = await confirmedFollower(team.id);
    expect(await app.db.select().from(contacts).where(eq(contacts.email, email))).toEqual([]);
    expect(await app.db.select().from(emailUpdates).where(eq(emailUpdates.email, email))).toEqual([]);
  });

  it('answers the same whether or not the address already follows, and leaves a confirmed follow as it was', async () => {
    const { team } = await teamDriver(app);
    const { email } = await confirmedFollower(team.id);
    const stranger = await follow(team.id, { email: address() });
    const again = await follow(team.id, { email, dailyDigest: true });
    expect(again.statusCode).toBe(stranger.statusCode);
    expect(again.body).toBe(stranger.body);
    const row = await followRow(team.id, email);
    expect(row?.dailyDigest).toBe(false);
    expect(row?.confirmedAt).not.toBeNull();
  });

  it('refuses bad input, an unknown team and too many requests with a clear message, changing nothing', async () => {
    const { team } = await teamDriver(app);
    const bad = await follow(team.id, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
    expect((await follow(999_999, { email: address() })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: '/api/fundraising/teams/abc/followers', payload: { email: address() } })).statusCode,
    ).toBe(400);

    const email = address();
    for (let i = 0; i < FOLLOW_LIMITS.perAddress.max; i++) expect((await follow(team.id, { email }, `10.9.0.${i}`)).statusCode).toBe(202);
    const limited = await follow(team.id, { email }, '10.9.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(FOLLOW_LIMITS.perAddress.message);
    expect(mailTo(email)).toHaveLength(FOLLOW_LIMITS.perAddress.max);
    expect((await app.db.select().from(teamFollowers).where(eq(teamFollowers.email, 'not-an-address'))).length).toBe(0);
  });

  it('refuses a tampered link, and a link older than the latest request', async () => {
    const { team } = await teamDriver(app);
    const email = address();
    await follow(team.id, { email });
    const first = confirmToken(email);
    expect((await confirm(`${first}x`)).statusCode).toBe(400);
    await new Promise((r) => setTimeout(r, 1100)); // the next request is made in a later second than the first link
    await follow(team.id, { email });
    const second = confirmToken(email);
    expect((await confirm(first)).statusCode).toBe(409);
    expect((await confirm(second)).statusCode).toBe(200);
  });
});

describe("a team's update reaches its followers", () => {
  it('sends each confirmed follower one e-mail with the update, its time in the rally zone, a Donate button and one-click unsubscribe', async () => {
    const { team, cookie } = await teamDriver(app, 'Riviera Rovers');
    const fans = [await confirmedFollower(team.id), await confirmedFollower(team.id)];
    const pending = address();
    await follow(team.id, { email: pending });
    const daily = await confirmedFollower(team.id, { dailyDigest: true });
    app.mail.sent.length = 0;

    const update = await postUpdate(cookie, 'Ferry docked in St Malo, heading south!');
    await deliver(update.id);
    expect(app.mail.sent.map((m) => m.to).sort()).toEqual(fans.map((f) => f.email).sort());
    const mail = mailTo(fans[0]!.email)[0]!;
    expect(mail.subject).toBe('Riviera Rovers: news from the road');
    expect(mail.text).toContain('Ferry docked in St Malo, heading south!');
    expect(mail.text).toMatch(/^Posted \w{3} \d{1,2} \w{3}, \d\d:\d\d Paris time \(CES?T\)/m);
    expect(mail.html).toContain(`href="https://rally.example.org/donate/${team.id}"`);
    expect(mail.text).toMatch(/Riviera Rovers has raised £0\.00 of its £[\d,.]+ target/);
    const stop = `https://rally.example.org/follow/${fans[0]!.token}`;
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.html).toContain(`<a href="${stop}">Stop following this team</a>`);
    expect(mailTo(pending)).toEqual([]);
    expect(mailTo(daily.email)).toEqual([]);
  });

  it('sends nothing twice however often the queueing and the send run', async () => {
    const { team, cookie } = await teamDriver(app);
    const fans = [await confirmedFollower(team.id), await confirmedFollower(team.id), await confirmedFollower(team.id)];
    app.mail.sent.length = 0;
    const update = await postUpdate(cookie);
    // The post's nudge, a second nudge, and the sweep of two instances: one send.
    await app.teamFollowers.queueAndWake(update.id);
    await app.teamFollowers.sweep();
    await deliver(update.id);
    await deliver(update.id);
    await app.teamFollowers.sweep();
    expect(await app.db.select().from(teamFollowerSends).where(eq(teamFollowerSends.teamUpdateId, update.id))).toHaveLength(1);
    expect(app.mail.sent.map((m) => m.to).sort()).toEqual(fans.map((f) => f.email).sort());
  });

  it('never sends a hidden update, nor one hidden after it was queued', async () => {
    const { team, cookie } = await teamDriver(app);
    const fan = await confirmedFollower(team.id);
    app.mail.sent.length = 0;
    const hide = (id: number) =>
      post(app, admin.cookie, `/api/admin/team-updates/${id}/hide`, { reason: 'Shows a number plate' }).then((r) =>
        expect(r.statusCode).toBe(200),
      );

    const queued = await postUpdate(cookie, 'Queued then hidden');
    expect((await sendOf(queued.id))?.bulkSendId).toBeTruthy();
    await hide(queued.id);
    const send = await deliver(queued.id);
    const rows = await app.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.bulkSendId, send!.bulkSendId!));
    expect(rows.map((r) => r.status)).toEqual(['skipped']);

    // Hidden before its followers' e-mail was queued (a lost nudge): the sweep leaves it.
    const [hiddenFirst] = await app.db
      .insert(teamUpdates)
      .values({
        signupId: team.id,
        authorUserId: (await signUp(app)).user.id,
        clientId: randomUUID(),
        body: 'Never to go',
        hiddenAt: new Date(),
      })
      .returning();
    await app.teamFollowers.sweep();
    expect(await sendOf(hiddenFirst!.id)).toBeUndefined();
    expect(mailTo(fan.email)).toEqual([]);
  });

  it("lets organisers see follows per team and pause a team's updates to followers; a team sees only its number", async () => {
    const { team, cookie, user } = await teamDriver(app, 'Paused Pumas');
    const fan = await confirmedFollower(team.id);
    await follow(team.id, { email: address() });
    app.mail.sent.length = 0;

    const teamCannot = await post(app, cookie, `/api/admin/followers/teams/${team.id}/pause`, { paused: true });
    expect(teamCannot.statusCode).toBe(403);
    const paused = await post(app, admin.cookie, `/api/admin/followers/teams/${team.id}/pause`, { paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    const list = await app.inject({ url: '/api/admin/followers', headers: { cookie: admin.cookie } });
    expect(list.json().teams.find((t: { signupId: number }) => t.signupId === team.id)).toEqual({
      signupId: team.id,
      teamName: 'Paused Pumas',
      followers: 1,
      pending: 1,
      dailyDigest: 0,
      paused: true,
    });
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'followers.pause'));
    expect(audit?.targetId).toBe(String(team.id));

    const whilePaused = await postUpdate(cookie, 'Not for followers');
    await deliver(whilePaused.id);
    expect(mailTo(fan.email)).toEqual([]);

    await post(app, admin.cookie, `/api/admin/followers/teams/${team.id}/pause`, { paused: false });
    const after = await postUpdate(cookie, 'Back on the road');
    await deliver(after.id);
    expect(mailTo(fan.email).map((m) => m.text.includes('Back on the road'))).toEqual([true]);

    const mine = await app.inject({ url: '/api/my-followers', headers: { cookie } });
    expect(mine.json()).toEqual({ teams: [{ signupId: team.id, followers: 1 }] });
    expect(mine.body).not.toContain(fan.email);
    expect(user.id).toBeTruthy();
  });
});

describe('stopping and ending a follow', () => {
  it('stops following this team only, by one-click POST; a GET of the link changes nothing', async () => {
    const { team, cookie } = await teamDriver(app);
    const other = await teamDriver(app);
    const email = address();
    await follow(team.id, { email });
    await confirm(confirmToken(email));
    await follow(other.team.id, { email });
    await confirm(confirmToken(email));
    const token = (await followRow(team.id, email))!.token;

    const page = await app.inject({ url: `/api/followers/${token}` });
    expect(page.json()).toMatchObject({ following: true });
    expect((await followRow(team.id, email))?.endedAt).toBeNull();

    const oneClick = await app.inject({
      method: 'POST',
      url: `/follow/${token}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect((await followRow(team.id, email))?.endedReason).toBe('stopped');
    expect((await followRow(other.team.id, email))?.endedAt).toBeNull();
    app.mail.sent.length = 0;
    await deliver((await postUpdate(cookie)).id);
    expect(mailTo(email)).toEqual([]);
    expect((await app.inject({ method: 'POST', url: `/follow/${'x'.repeat(32)}` })).statusCode).toBe(404);
  });

  it('sends each follower one e-mail with the team’s finish and final place once results are published, however often the sweep runs', async () => {
    const { team } = await teamDriver(app, 'Finish Falcons');
    const other = await insertTeam(app.db, { teamName: 'Other Otters', status: 'confirmed' });
    const fans = [await confirmedFollower(team.id), await confirmedFollower(team.id, { dailyDigest: true })];
    const keeps = await confirmedFollower(team.id, { keepAfterResults: true });
    const stopped = await confirmedFollower(team.id);
    await app.inject({ method: 'POST', url: `/api/followers/${stopped.token}/stop` });
    app.mail.sent.length = 0;
    await app.db.insert(historicParticipants).values([
      { year: 2026, teamName: team.teamName, signupId: team.id, rank: 2, totalScore: 140 },
      { year: 2026, teamName: other.teamName, signupId: other.id, rank: 1 },
    ]);
    await app.teamFollowers.sweep();
    await app.teamFollowers.sweep();
    const [send] = await app.db.select().from(teamFollowerSends).where(eq(teamFollowerSends.signupId, team.id));
    expect(send?.kind).toBe('results');
    await app.bulkMail.drain(send!.bulkSendId!);
    await app.bulkMail.drain(send!.bulkSendId!);
    await app.teamFollowers.sweep();

    expect(app.mail.sent.map((m) => m.to).sort()).toEqual([...fans, keeps].map((f) => f.email).sort());
    const mail = mailTo(fans[0]!.email)[0]!;
    expect(mail.subject).toBe('Finish Falcons finished 2nd');
    expect(mail.text).toContain('Finish Falcons finished the Jersey Charity Rally 2026 in 2nd place out of 2 teams, with 140 points.');
    expect(mail.html).toContain(`href="https://rally.example.org/donate/${team.id}"`);
    expect(mail.text).toMatch(/Finish Falcons has raised £0\.00/);
    const stop = `https://rally.example.org/follow/${fans[0]!.token}`;
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.html).toContain(`<a href="${stop}">Stop following this team</a>`);
    expect((await followRow(team.id, fans[0]!.email))?.endedReason).toBe('results');
    expect((await followRow(team.id, keeps.email))?.endedAt).toBeNull();
  });

  it('sends no results e-mail for a team whose updates to followers are paused', async () => {
    const { team } = await teamDriver(app);
    const fan = await confirmedFollower(team.id);
    expect((await post(app, admin.cookie, `/api/admin/followers/teams/${team.id}/pause`, { paused: true })).statusCode).toBe(200);
    app.mail.sent.length = 0;
    await app.db.insert(historicParticipants).values({ year: 2026, teamName: team.teamName, signupId: team.id, rank: 5 });
    await app.teamFollowers.sweep();
    const [send] = await app.db.select().from(teamFollowerSends).where(eq(teamFollowerSends.signupId, team.id));
    expect(send).toMatchObject({ kind: 'results', bulkSendId: null });
    await post(app, admin.cookie, `/api/admin/followers/teams/${team.id}/pause`, { paused: false });
    await app.teamFollowers.sweep();
    expect(mailTo(fan.email)).toEqual([]);
    expect((await followRow(team.id, fan.email))?.endedReason).toBe('results');
  });

  it('ends follows once the team’s results are published, unless the follower chose to keep hearing', async () => {
    const { team } = await teamDriver(app);
    const ends = await confirmedFollower(team.id);
    const keeps = await confirmedFollower(team.id, { keepAfterResults: true });
    await app.db.insert(historicParticipants).values({ year: 2026, teamName: team.teamName, signupId: team.id, rank: 3 });
    await app.teamFollowers.sweep();
    expect((await followRow(team.id, ends.email))?.endedReason).toBe('results');
    expect((await followRow(team.id, keeps.email))?.endedAt).toBeNull();
  });

  it('sends a daily digest of the day’s visible updates once to those who chose it', async () => {
    const { team, cookie } = await teamDriver(app, 'Digest Dingos');
    const daily = await confirmedFollower(team.id, { dailyDigest: true });
    app.mail.sent.length = 0;
    const first = await postUpdate(cookie, 'Morning in Rennes');
    await postUpdate(cookie, 'Evening in Tours');
    await deliver(first.id);
    expect(mailTo(daily.email)).toEqual([]);

    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const sends = await queueDigests(app, tomorrow);
    expect(await queueDigests(app, tomorrow)).toEqual([]);
    for (const id of sends) await app.bulkMail.drain(id);
    const digests = mailTo(daily.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('Digest Dingos: 2 updates from the road');
    expect(digests[0]!.text.indexOf('Morning in Rennes')).toBeLessThan(digests[0]!.text.indexOf('Evening in Tours'));
    expect(digests[0]!.html).toContain(`/donate/${team.id}`);
  });

  it('skips a daily digest whole when one of its updates is hidden after it was queued', async () => {
    const { team, cookie } = await teamDriver(app);
    const daily = await confirmedFollower(team.id, { dailyDigest: true });
    app.mail.sent.length = 0;
    await postUpdate(cookie, 'Fine words');
    const hidden = await postUpdate(cookie, 'Shows a number plate');
    const sends = await queueDigests(app, new Date(Date.now() + 24 * 60 * 60 * 1000));
    const [digest] = (await app.db.select().from(teamFollowerSends).where(eq(teamFollowerSends.signupId, team.id))).filter(
      (s) => s.kind === 'digest',
    );
    expect(digest?.updateIds).toHaveLength(2);
    expect(digest?.updateIds).toContain(hidden.id);
    expect(sends).toContain(digest!.bulkSendId);

    const hide = await post(app, admin.cookie, `/api/admin/team-updates/${hidden.id}/hide`, { reason: 'Shows a number plate' });
    expect(hide.statusCode).toBe(200);
    await app.bulkMail.drain(digest!.bulkSendId!);
    const rows = await app.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.bulkSendId, digest!.bulkSendId!));
    expect(rows.map((r) => r.status)).toEqual(['skipped']);
    expect(mailTo(daily.email)).toEqual([]);
  });
});

describe('a follower whose address bounces', () => {
  it('ends the follow (bounced) when the address is refused for good, and sends it nothing more', async () => {
    const { team, cookie } = await teamDriver(app);
    const gone = await confirmedFollower(team.id);
    const fan = await confirmedFollower(team.id);
    app.mail.sent.length = 0;
    const sendForReal = app.mailer.send.bind(app.mailer);
    const send = vi.spyOn(app.mailer, 'send').mockImplementation(async (m) => {
      if (m.to === gone.email) throw Object.assign(new Error('550 5.1.1 No such mailbox'), { responseCode: 550 });
      return sendForReal(m);
    });
    try {
      await deliver((await postUpdate(cookie, 'First news')).id);
      expect((await followRow(team.id, gone.email))?.endedReason).toBe('bounced');
      await deliver((await postUpdate(cookie, 'Second news')).id);
      expect(send.mock.calls.filter(([m]) => m.to === gone.email)).toHaveLength(1);
      expect(mailTo(fan.email)).toHaveLength(2);
    } finally {
      send.mockRestore();
    }
  });
});

describe('personal data', () => {
  it('puts an address’s follows in the privacy export and erases them', async () => {
    const team = await insertTeam(app.db, { teamName: 'Export Eagles', status: 'confirmed' });
    const { email } = await confirmedFollower(team.id, { name: 'Pat Follower' });
    const [row] = await app.db.select({ id: teamFollowers.id }).from(teamFollowers).where(eq(teamFollowers.email, email));
    const pushAddress = 'https://push.example.test/send/pat-browser';
    await app.db.insert(teamFollowerPushes).values({ followerId: row!.id, endpoint: pushAddress, p256dh: 'key', auth: 'secret' });
    const exported = await app.inject({
      url: `/api/admin/privacy/export?email=${encodeURIComponent(email)}`,
      headers: { cookie: admin.cookie },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(JSON.parse(exported.body).teamFollows).toMatchObject([
      { signupId: team.id, teamName: 'Export Eagles', email, name: 'Pat Follower', notifiedBrowsers: [{ pushAddress }] },
    ]);
    // The browser's keys are its own: the download names where it is notified, not how.
    expect(exported.body).not.toContain('secret');
    const erased = await post(app, admin.cookie, '/api/admin/privacy/erase', { email });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await app.db.select().from(teamFollowers).where(eq(teamFollowers.email, email))).toEqual([]);
    expect(await app.db.select().from(teamFollowerPushes).where(eq(teamFollowerPushes.followerId, row!.id))).toEqual([]);
  });
});
