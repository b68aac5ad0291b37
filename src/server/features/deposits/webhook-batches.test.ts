import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { startFakeGoCardless, type FakeGoCardless } from '../../test/fake-gocardless';
import { auditLog, entryStatusChanges, gocardlessEvents, gocardlessRejectedEvents, signups } from '../../db/schema';
import {
  GOCARDLESS_EVENTS_QUEUE,
  GOCARDLESS_SWEEP_CRON,
  GOCARDLESS_SWEEP_QUEUE,
  processGoCardlessEvent,
  startGoCardlessWorker,
  sweepGoCardlessEvents,
} from './process-events';

const SECRET = 'webhook-secret-for-batch-tests';
let app: TestApp;
let fake: FakeGoCardless;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

const appEnv = () => ({
  PUBLIC_URL: 'https://rally.example',
  GOCARDLESS_ACCESS_TOKEN: fake.token,
  GOCARDLESS_WEBHOOK_SECRET: SECRET,
  GOCARDLESS_BASE_URL: fake.url,
});

beforeAll(async () => {
  fake = await startFakeGoCardless();
  app = await createTestApp({ jobs: true, env: appEnv() });
  await startGoCardlessWorker(app);
  admin = await signUpAdmin(app);
}, 30_000);
afterAll(async () => {
  await app.close();
  await fake.close();
});

// The sender's side: GoCardless signs the raw body with the endpoint's secret.
const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');
const newId = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
const event = (id: string, payment: string) => ({
  id,
  created_at: new Date().toISOString(),
  resource_type: 'payments',
  action: 'confirmed',
  links: { payment },
  details: { origin: 'gocardless', cause: 'payment_confirmed' },
});
const post = (target: TestApp, body: string, signature = sign(body)) =>
  target.inject({
    method: 'POST',
    url: '/api/webhooks/gocardless',
    headers: { 'content-type': 'application/json', 'webhook-signature': signature },
    payload: body,
  });
const batch = (events: unknown[]) => JSON.stringify({ events });

/** Every event job has finished (none waiting, retrying or running). */
const queueIdle = () =>
  vi.waitFor(async () => expect(await app.jobs!.getQueueSize(GOCARDLESS_EVENTS_QUEUE, { before: 'completed' })).toBe(0), {
    timeout: 20_000,
    interval: 100,
  });
const statusOf = async (target: TestApp, id: number) => (await target.db.select().from(signups).where(eq(signups.id, id)))[0]!.status;
const receipts = (target: TestApp, email: string) =>
  target.mail.sent.filter((m) => m.to.toLowerCase() === email.toLowerCase() && /Deposit received/.test(m.subject));
const historyOf = (target: TestApp, id: number) => target.db.select().from(entryStatusChanges).where(eq(entryStatusChanges.signupId, id));
const storedEvent = async (target: TestApp, id: string) =>
  (await target.db.select().from(gocardlessEvents).where(eq(gocardlessEvents.id, id)))[0];
const rejectedAudits = async (eventId: string) =>
  (await app.db.select().from(auditLog).where(eq(auditLog.action, 'deposit.webhook_event_rejected'))).filter((a) => a.targetId === eventId);

/** A registered team with a confirmed GoCardless deposit payment waiting to be reported. */
async function teamWithPayment(target: TestApp = app) {
  const driver = await signUp(target);
  const team = await insertTeam(target.db, { userId: driver.user.id, driverEmail: driver.email, teamName: `Team ${newId('')}` });
  const payment = newId('PM');
  fake.addPayment({ id: payment, status: 'confirmed', metadata: { team_id: String(team.id), purpose: 'deposit' } });
  return { driver, team, payment };
}

describe('a signed batch with a malformed event', () => {
  it('stores and applies the good events, keeps the bad one for the organisers, and acknowledges the batch; a redelivery changes nothing', async () => {
    const first = await teamWithPayment();
    const third = await teamWithPayment();
    const badId = newId('EV');
    // No created_at, and an action that is not a string: nothing this site could apply.
    const malformed = { id: badId, resource_type: 'payments', action: 42, links: { payment: newId('PM') } };
    const body = batch([event(newId('EV'), first.payment), malformed, event(newId('EV'), third.payment)]);

    const res = await post(app, body);
    // GoCardless retries a batch until it sees a 2xx; the bad event would never get better.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 3 });
    await queueIdle();
    for (const { team, driver } of [first, third]) {
      expect(await statusOf(app, team.id)).toBe('deposit_paid');
      expect(receipts(app, driver.email)).toHaveLength(1);
    }
    const [kept] = await app.db.select().from(gocardlessRejectedEvents).where(eq(gocardlessRejectedEvents.eventId, badId));
    expect(kept?.problem).toMatch(/created_at/);
    expect(JSON.parse(kept!.payload)).toEqual(malformed);
    expect(await storedEvent(app, badId)).toBeUndefined();
    // The organisers see it in the audit log.
    const log = await app.inject({ url: '/api/admin/audit', headers: { cookie: admin.cookie } });
    expect(log.statusCode).toBe(200);
    expect(log.json().entries).toContainEqual(
      expect.objectContaining({ action: 'deposit.webhook_event_rejected', targetType: 'gocardless_event', targetId: badId }),
    );

    // GoCardless sends the same batch again (say our 200 was lost on the way).
    const again = await post(app, body);
    expect(again.statusCode).toBe(200);
    await queueIdle();
    for (const { team, driver } of [first, third]) {
      expect(receipts(app, driver.email)).toHaveLength(1);
      expect(await historyOf(app, team.id)).toHaveLength(1);
    }
    expect(await app.db.select().from(gocardlessRejectedEvents).where(eq(gocardlessRejectedEvents.eventId, badId))).toHaveLength(1);
    expect(await rejectedAudits(badId)).toHaveLength(1);
  });

  it('an event PostgreSQL cannot store (a NUL character) is kept aside and does not refuse its batch', async () => {
    const good = await teamWithPayment();
    const badId = newId('EV');
    const body = batch([{ ...event(badId, newId('PM')), details: { cause: 'bad\u0000byte' } }, event(newId('EV'), good.payment)]);
    const res = await post(app, body);
    expect(res.statusCode).toBe(200);
    await queueIdle();
    expect(await statusOf(app, good.team.id)).toBe('deposit_paid');
    expect(await rejectedAudits(badId)).toHaveLength(1);
  });

  it('an event with a lone surrogate (text no jsonb column takes) is kept aside and does not refuse its batch', async () => {
    const first = await teamWithPayment();
    const third = await teamWithPayment();
    const badId = newId('EV');
    const lone = { ...event(badId, newId('PM')), details: { origin: 'gocardless', cause: 'bad\ud800half' } };
    // JSON.stringify writes the lone surrogate as the escape \ud800, as a sender's serialiser would.
    const body = batch([event(newId('EV'), first.payment), lone, event(newId('EV'), third.payment)]);
    expect(body).toContain('\\ud800');

    const res = await post(app, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 3 });
    await queueIdle();
    for (const { team } of [first, third]) expect(await statusOf(app, team.id)).toBe('deposit_paid');
    const [kept] = await app.db.select().from(gocardlessRejectedEvents).where(eq(gocardlessRejectedEvents.eventId, badId));
    expect(kept?.problem).toMatch(/unpaired surrogate/);
    expect(JSON.parse(kept!.payload)).toEqual(lone);
    expect(await storedEvent(app, badId)).toBeUndefined();
    expect(await rejectedAudits(badId)).toHaveLength(1);
  });
});

describe('a batch that cannot be stored', () => {
  it('is not acknowledged and leaves nothing half stored; its redelivery is stored and applied', async () => {
    const first = await teamWithPayment();
    const second = await teamWithPayment();
    const firstId = newId('EV');
    const secondId = newId('EV');
    const body = batch([event(firstId, first.payment), event(secondId, second.payment)]);
    // The database refuses the second event (as a full disk or a lost connection would).
    await app.db.execute(sql.raw(`alter table gocardless_events add constraint refuse_for_test check (id <> '${secondId}') not valid`));
    try {
      const refused = await post(app, body);
      expect(refused.statusCode).toBe(503);
      expect(await storedEvent(app, firstId)).toBeUndefined();
    } finally {
      await app.db.execute(sql.raw('alter table gocardless_events drop constraint refuse_for_test'));
    }

    expect((await post(app, body)).statusCode).toBe(200);
    await queueIdle();
    for (const { team, driver } of [first, second]) {
      expect(await statusOf(app, team.id)).toBe('deposit_paid');
      expect(receipts(app, driver.email)).toHaveLength(1);
    }
  });
});

describe('events stored but not applied', () => {
  it('are applied by the sweep when their jobs could not be queued', async () => {
    const paid = await teamWithPayment();
    const id = newId('EV');
    const insert = vi.spyOn(app.jobs!, 'insert').mockRejectedValueOnce(new Error('queue unavailable'));
    try {
      // Stored, so acknowledged: the sweep will apply it.
      expect((await post(app, batch([event(id, paid.payment)]))).statusCode).toBe(200);
    } finally {
      insert.mockRestore();
    }
    expect((await storedEvent(app, id))?.processedAt).toBeNull();

    // What the schedule does (with a cut-off in the past it leaves fresh events to their jobs).
    await app.jobs!.send(GOCARDLESS_SWEEP_QUEUE, { receivedBefore: new Date(Date.now() + 1000).toISOString() });
    await vi.waitFor(async () => expect((await storedEvent(app, id))?.processedAt).toBeInstanceOf(Date), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await statusOf(app, paid.team.id)).toBe('deposit_paid');
    expect(receipts(app, paid.driver.email)).toHaveLength(1);
  });

  it('are applied by the next sweep when their job failed for good, and the sweep is on a schedule', async () => {
    const paid = await teamWithPayment();
    const id = newId('EV');
    await app.db.insert(gocardlessEvents).values({
      id,
      resourceType: 'payments',
      action: 'confirmed',
      paymentId: paid.payment,
      createdAt: new Date(),
      payload: event(id, paid.payment),
    });
    // The job's last attempt: the mail server is down, so the event stays unprocessed.
    const send = vi.spyOn(app.mailer, 'send').mockRejectedValue(new Error('connect ECONNREFUSED'));
    try {
      await expect(processGoCardlessEvent(app, id)).rejects.toThrow('ECONNREFUSED');
      // A sweep while it is still failing leaves it for the next one.
      expect(await sweepGoCardlessEvents(app, new Date(Date.now() + 1000))).toMatchObject({ failed: 1 });
    } finally {
      send.mockRestore();
    }
    expect((await storedEvent(app, id))?.processedAt).toBeNull();

    await sweepGoCardlessEvents(app, new Date(Date.now() + 1000));
    expect((await storedEvent(app, id))?.processedAt).toBeInstanceOf(Date);
    expect(receipts(app, paid.driver.email)).toHaveLength(1);
    expect(await historyOf(app, paid.team.id)).toHaveLength(1);

    const schedules = await app.jobs!.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: GOCARDLESS_SWEEP_QUEUE, cron: GOCARDLESS_SWEEP_CRON }));
  });

  it('a failed payment whose alert could not be sent is alerted on the retry, and undone and audited only once', async () => {
    const paid = await teamWithPayment();
    const confirmed = newId('EV');
    await post(app, batch([event(confirmed, paid.payment)]));
    await queueIdle();
    expect(await statusOf(app, paid.team.id)).toBe('deposit_paid');

    fake.setStatus(paid.payment, 'failed');
    const failedId = newId('EV');
    await app.db.insert(gocardlessEvents).values({
      id: failedId,
      resourceType: 'payments',
      action: 'failed',
      paymentId: paid.payment,
      createdAt: new Date(),
      payload: { ...event(failedId, paid.payment), action: 'failed' },
    });
    const alerts = () => app.mail.sent.filter((m) => m.to === admin.email && m.subject.includes(paid.team.teamName));
    const audits = async () =>
      (await app.db.select().from(auditLog).where(eq(auditLog.action, 'deposit.failed'))).filter(
        (a) => a.targetId === String(paid.team.id),
      );
    const send = vi.spyOn(app.mailer, 'send').mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    try {
      await expect(processGoCardlessEvent(app, failedId)).rejects.toThrow('ECONNREFUSED');
    } finally {
      send.mockRestore();
    }
    expect(await statusOf(app, paid.team.id)).toBe('registered');
    expect(alerts()).toHaveLength(0);

    await sweepGoCardlessEvents(app, new Date(Date.now() + 1000));
    expect(alerts()).toHaveLength(1);
    expect(await audits()).toHaveLength(1);
    expect((await historyOf(app, paid.team.id)).map((h) => h.toStatus)).toEqual(['deposit_paid', 'registered']);
  });

  it('are applied at start-up when the process stopped before their job ran', async () => {
    const restarted = await createTestApp({ jobs: true, env: appEnv() });
    try {
      const paid = await teamWithPayment(restarted);
      const id = newId('EV');
      // Stored by the webhook just before the process stopped; no job was ever queued for it.
      await restarted.db.insert(gocardlessEvents).values({
        id,
        resourceType: 'payments',
        action: 'confirmed',
        paymentId: paid.payment,
        createdAt: new Date(),
        payload: event(id, paid.payment),
      });
      await startGoCardlessWorker(restarted);
      await vi.waitFor(async () => expect((await storedEvent(restarted, id))?.processedAt).toBeInstanceOf(Date), {
        timeout: 20_000,
        interval: 100,
      });
      expect(await statusOf(restarted, paid.team.id)).toBe('deposit_paid');
      expect(receipts(restarted, paid.driver.email)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  }, 30_000);
});

describe('a wrong signature', () => {
  it('is refused with 498 and stores nothing, not even the malformed events', async () => {
    const body = batch([event(newId('EV'), newId('PM')), { id: newId('EV'), action: 'confirmed' }]);
    const count = async () => ({
      events: (await app.db.select().from(gocardlessEvents)).length,
      rejected: (await app.db.select().from(gocardlessRejectedEvents)).length,
      audit: (await app.db.select().from(auditLog)).length,
    });
    const before = await count();
    for (const signature of [sign(body, 'another-secret'), 'not-hex', sign(body).slice(0, 32), '']) {
      const res = await post(app, body, signature);
      expect(res.statusCode).toBe(498);
      expect(res.body).toBe('Invalid signature');
    }
    expect(await count()).toEqual(before);
  });
});
