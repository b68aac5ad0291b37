import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { auditLog, bulkSendRecipients, bulkSends, contacts, signups } from '../../db/schema';
import type { Signup } from '../../db/schema';
import { OPERATIONAL_NOTE } from './content';
import { issueInvitation } from '../../services/team-invitations';
import { answerInvitation } from '../../test/invitations';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
const teams: Record<'a' | 'b' | 'c' | 'old', Signup> = {} as never;

beforeAll(async () => {
  app = await createTestApp();
  app.bulkMail.configure({ ratePerSecond: 1000 });
  admin = await signUpAdmin(app);
  teams.a = await insertTeam(app.db, {
    teamName: 'Les Escargots',
    driverFirstName: 'Kim',
    driverEmail: 'KIM@teams.test',
    coDriverFirstName: 'Sam',
    coDriverLastName: 'Le Feuvre',
    coDriverEmail: 'sam@teams.test',
    coDriverAcceptedAt: new Date(),
  });
  // Sam co-drives a second team too: one message is enough.
  teams.b = await insertTeam(app.db, {
    teamName: 'Deux Chevaux',
    driverFirstName: 'Tom',
    driverEmail: 'tom@teams.test',
    coDriverEmail: 'sam@teams.test',
    coDriverAcceptedAt: new Date(),
  });
  teams.c = await insertTeam(app.db, { teamName: 'Not Chosen', driverEmail: 'other@teams.test' });
  teams.old = await insertTeam(app.db, { rallyYear: 2018, teamName: 'Old Timers', driverEmail: 'old@teams.test' });
  // Tom left the newsletter; a message about his entry still reaches him.
  await app.db.update(contacts).set({ consent: 'opted_out' }).where(eq(contacts.email, 'tom@teams.test'));
});
afterAll(() => app.close());

const send = (body: object, cookie = admin.cookie) =>
  app.inject({ method: 'POST', url: '/api/admin/bulk-mail/teams', headers: { cookie }, payload: body });
const count = (ids: string, cookie = admin.cookie) =>
  app.inject({ url: `/api/admin/bulk-mail/teams/audience-count?signupIds=${ids}`, headers: { cookie } });
const sendCount = async () => (await app.db.select().from(bulkSends)).length;

describe('e-mailing the teams selected in the registrations table', () => {
  it("reaches each chosen team's driver and co-driver once, whatever their newsletter consent, and nobody else", async () => {
    const ids = `${teams.a.id},${teams.b.id}`;
    expect((await count(ids)).json()).toEqual({ count: 3, kind: 'operational' });

    const res = await send({
      signupIds: [teams.a.id, teams.b.id, teams.a.id],
      subject: 'Scrutineering for {{teamName}}',
      message: 'Hello {{firstName}},\n\nBring the V5 & <your> insurance.\nSee you at 9.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sent: 3, message: 'Email queued for 3 addresses in 2 teams' });
    const sendId = res.json().bulkSendId as number;
    const rows = await app.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.bulkSendId, sendId));
    expect(rows.map((r) => r.email).sort()).toEqual(['kim@teams.test', 'sam@teams.test', 'tom@teams.test']);
    const [stored] = await app.db.select().from(bulkSends).where(eq(bulkSends.id, sendId));
    expect(stored).toMatchObject({ recipientType: 'selected_teams', kind: 'operational', onlyOptedIn: false });

    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'email.team_send'));
    expect(audit).toMatchObject({ actorEmail: admin.email, targetId: String(sendId) });
    expect(audit!.details).toMatchObject({ teams: 2, signupIds: [teams.a.id, teams.b.id], recipients: 3 });

    // Through the same outbox worker as every bulk send.
    await app.bulkMail.drain(sendId);
    const kim = app.mail.sent.find((m) => m.to === 'kim@teams.test');
    expect(kim?.subject).toBe('Scrutineering for Les Escargots');
    expect(kim?.text).toContain('Hello Kim,\n\nBring the V5 & <your> insurance.');
    expect(kim?.text).toContain(OPERATIONAL_NOTE);
    expect(kim?.html).toContain('<p>Bring the V5 &amp; &lt;your&gt; insurance.<br />\nSee you at 9.</p>');
    expect(app.mail.sent.filter((m) => m.to === 'sam@teams.test')).toHaveLength(1);
    expect(app.mail.sent.some((m) => m.to === 'tom@teams.test')).toBe(true);
    expect(app.mail.sent.some((m) => m.to === 'other@teams.test')).toBe(false);
  });

  it('leaves out a co-driver who was only named, in the count and the send, and reaches them once they accept', async () => {
    const named = await insertTeam(app.db, { teamName: 'Named Only', driverEmail: 'nina@teams.test', coDriverEmail: 'typed@teams.test' });
    const contactOfNamed = () => app.db.select().from(contacts).where(eq(contacts.email, 'typed@teams.test'));
    expect(await contactOfNamed()).toEqual([]);
    expect((await count(String(named.id))).json().count).toBe(1);
    const before = await send({ signupIds: [named.id], subject: 'For {{teamName}}', message: 'Hello' });
    const recipientsOf = async (id: number) =>
      (await app.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.bulkSendId, id))).map((r) => r.email).sort();
    expect(await recipientsOf(before.json().bulkSendId)).toEqual(['nina@teams.test']);

    const link = await issueInvitation(app.db, named, 'co-driver');
    expect((await answerInvitation(app, link, 'accept')).statusCode).toBe(200);
    expect(await contactOfNamed()).toEqual([expect.objectContaining({ sources: ['team'] })]);
    expect((await count(String(named.id))).json().count).toBe(2);
    const after = await send({ signupIds: [named.id], subject: 'For {{teamName}}', message: 'Hello' });
    expect(await recipientsOf(after.json().bulkSendId)).toEqual(['nina@teams.test', 'typed@teams.test']);
  });

  it('leaves out a named co-driver who is already a contact (another source) until they accept', async () => {
    await app.db.insert(contacts).values({ email: 'known@teams.test', firstName: 'Known', sources: ['updates'] });
    const named = await insertTeam(app.db, { teamName: 'Known Named', driverEmail: 'kit@teams.test', coDriverEmail: 'Known@teams.test' });
    expect((await count(String(named.id))).json().count).toBe(1);
    await app.db.update(signups).set({ coDriverAcceptedAt: new Date() }).where(eq(signups.id, named.id));
    expect((await count(String(named.id))).json().count).toBe(2);
  });

  it('leaves out a bounced address, in the count and in the send', async () => {
    await app.db.update(contacts).set({ bouncedAt: new Date() }).where(eq(contacts.email, 'other@teams.test'));
    expect((await count(String(teams.c.id))).json().count).toBe(0);
    const before = await sendCount();
    const res = await send({ signupIds: [teams.c.id], subject: 'Hi', message: 'Hello' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/None of the selected teams has an address/);
    expect(await sendCount()).toBe(before);
  });

  it('refuses ids that name no team, or a team of an earlier year, with a clear message and queues nothing', async () => {
    const before = await sendCount();
    const unknown = await send({ signupIds: [teams.a.id, 999_999], subject: 'Hi', message: 'Hello' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('No team has the id 999999. It may have been deleted: reload the registrations and select again.');
    const old = await send({ signupIds: [teams.old.id], subject: 'Hi', message: 'Hello' });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(
      `Only teams of the ${(await app.rallySettings()).year} rally can be e-mailed from here; Old Timers is from an earlier year.`,
    );
    expect((await count(`${teams.a.id},999999`)).statusCode).toBe(400);
    expect((await count('')).statusCode).toBe(400);
    expect((await count('1;drop')).json().message).toBe('signupIds must be team ids separated by commas');
    expect((await send({ signupIds: [], subject: 'Hi', message: 'Hello' })).json().message).toBe('Select at least one team');
    expect((await send({ signupIds: [teams.a.id], subject: ' ', message: 'Hello' })).json().message).toBe(
      'Subject and message are required',
    );
    expect(await sendCount()).toBe(before);
  });

  it('is for organisers only: a rallier and a signed-out caller are refused and nothing is queued', async () => {
    const rallier = await signUp(app);
    const before = await sendCount();
    const body = { signupIds: [teams.a.id], subject: 'Hi', message: 'Hello' };
    expect((await send(body, rallier.cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/admin/bulk-mail/teams', payload: body })).statusCode).toBe(401);
    expect((await count(String(teams.a.id), rallier.cookie)).statusCode).toBe(403);
    expect(await sendCount()).toBe(before);
  });
});
