import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { freshDatabase } from '../../test/app';
import { signUp } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { perRecipient, startInstance, startSmtp } from '../../test/bulk-mail-test-kit';
import { bulkSendRecipients, bulkSends, teamFollowerSends, teamFollowers, teamUpdates } from '../../db/schema';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

// Enough for the send to be cut in the middle of its batches; the send at scale (2,000 followers,
// its speed and memory) is `npm run bench -- followers`.
const FOLLOWERS = 500;

describe("an update to 500 followers survives the sending instance's death", () => {
  it('queues the update once and mails every follower exactly once, the second instance finishing what the first began', async () => {
    const smtp = await startSmtp();
    const database = await freshDatabase();
    const env = { MAIL_RATE_PER_SECOND: '500', MAIL_CONCURRENCY: '4' };
    const a = await startInstance(database, smtp.url, env);
    cleanups.push(
      smtp.close,
      () => database.close(),
      () => a.jobs.stop({ graceful: false, wait: true }),
      () => a.app.close(),
      async () => smtp.releaseHeld(),
    );
    a.app.bulkMail.configure({ leaseMs: 1500 });
    await a.app.bulkMail.start();

    const driver = await signUp(a.app);
    const team = await insertTeam(a.app.db, {
      userId: driver.user.id,
      driverEmail: driver.email,
      teamName: 'Crowd Pleasers',
      status: 'confirmed',
    });
    await a.app.db.insert(teamFollowers).values(
      Array.from({ length: FOLLOWERS }, (_, i) => ({
        signupId: team.id,
        email: `f${String(i).padStart(4, '0')}@fans.test`,
        token: randomBytes(24).toString('base64url'),
        confirmedAt: new Date(),
      })),
    );
    const [update] = await a.app.db
      .insert(teamUpdates)
      .values({ signupId: team.id, authorUserId: driver.user.id, clientId: randomUUID(), body: 'Over the Alps!' })
      .returning();
    const started = Date.now();
    a.app.teamFollowers.updatePosted(update!.id);
    await a.app.teamFollowers.settled();

    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(100), { timeout: 30_000, interval: 20 });
    // The instance dies in the middle of SMTP exchanges: those messages never get their answer.
    smtp.state.hold = true;
    await vi.waitFor(() => expect(smtp.held.length).toBeGreaterThan(0), { timeout: 5000, interval: 5 });
    const stopped = a.app.bulkMail.stop();
    await a.jobs.stop({ graceful: false, wait: true });
    smtp.state.hold = false;

    // A new instance on the same database: its sweep finds the update already queued and the send unfinished.
    const b = await startInstance(database, smtp.url, env);
    cleanups.push(
      () => b.jobs.stop({ graceful: false, wait: true }),
      () => b.app.close(),
    );
    b.app.bulkMail.configure({ leaseMs: 1500 });
    await b.app.bulkMail.start();
    await b.app.teamFollowers.sweep();
    await b.app.teamFollowers.queueAndWake(update!.id);
    const [send] = await b.app.db.select().from(teamFollowerSends).where(eq(teamFollowerSends.teamUpdateId, update!.id));
    await vi.waitFor(
      async () => expect((await b.app.db.select().from(bulkSends).where(eq(bulkSends.id, send!.bulkSendId!)))[0]?.status).toBe('done'),
      { timeout: 120_000, interval: 250 },
    );
    const seconds = (Date.now() - started) / 1000;

    expect(await b.app.db.select().from(teamFollowerSends)).toHaveLength(1);
    const counts = perRecipient(smtp.received.filter((r) => r.to.endsWith('@fans.test')));
    expect(counts.size).toBe(FOLLOWERS);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    smtp.releaseHeld();
    await stopped;
    const rows = await b.app.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.bulkSendId, send!.bulkSendId!));
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    console.info(`${FOLLOWERS} followers mailed in ${seconds.toFixed(1)} s across a kill`);
  }, 180_000);
});
