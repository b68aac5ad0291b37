import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { startFakeGoCardless, type FakeGoCardless } from '../../test/fake-gocardless';
import { auditLog, deposits, entryStatusChanges, gocardlessEvents, signups } from '../../db/schema';
import { GOCARDLESS_EVENTS_QUEUE, processGoCardlessEvent, startGoCardlessWorker } from './process-events';

const SECRET = 'webhook-secret-for-tests';
let app: TestApp;
let fake: FakeGoCardless;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  fake = await startFakeGoCardless();
  app = await createTestApp({
    jobs: true,
    env: {
      PUBLIC_URL: 'https://rally.example',
      GOCARDLESS_ACCESS_TOKEN: fake.token,
      GOCARDLESS_WEBHOOK_SECRET: SECRET,
      GOCARDLESS_BASE_URL: fake.url,
    },
  });
  await startGoCardlessWorker(app);
  admin = await signUpAdmin(app);
}, 30_000);
afterAll(async () => {
  await app.close();
  await fake.close();
});

const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');
const event = (id: string, action: string, payment: string, createdAt = new Date().toISOString()) => ({
  id,
  created_at: createdAt,
  resource_type: 'payments',
  action,
  links: { payment },
  details: { origin: 'gocardless', cause: `payment_${action}` },
});
async function deliver(events: object[], signature?: string) {
  const body = JSON.stringify({ events });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/gocardless',
    headers: { 'content-type': 'application/json', 'webhook-signature': signature ?? sign(body) },
    payload: body,
  });
}
/** Every event job has finished (none waiting, retrying or running). */
const queueIdle = () =>
  vi.waitFor(async () => expect(await app.jobs!.getQueueSize(GOCARDLESS_EVENTS_QUEUE, { before: 'completed' })).toBe(0), {
    timeout: 20_000,
    interval: 100,
  });
const statusOf = async (id: number) => (await app.db.select().from(signups).where(eq(signups.id, id)))[0]!.status;
const depositOf = async (id: number) => (await app.db.select().from(deposits).where(eq(deposits.signupId, id)))[0];
const mailTo = (address: string) => app.mail.sent.filter((m) => m.to.toLowerCase() === address.toLowerCase());

async function teamWithDriver() {
  const driver = await signUp(app);
  const team = await insertTeam(app.db, {
    userId: driver.user.id,
    driverEmail: driver.email,
    teamName: `Team ${randomUUID().slice(0, 6)}`,
  });
  return { driver, team };
}
function paidPayment(teamId: number, status = 'confirmed') {
  const id = `PM${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  fake.addPayment({ id, status, metadata: { team_id: String(teamId), purpose: 'deposit' } });
  return id;
}

describe('starting a GoCardless deposit payment', () => {
  it('creates a billing request for the deposit with the team in metadata, and a flow back to /registered', async () => {
    const { driver, team } = await teamWithDriver();
    const before = fake.requests.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/my-deposits/payment',
      headers: { cookie: driver.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    // The fake's hosted payment page stands in for GoCardless's.
    expect(res.json().authorisationUrl).toMatch(new RegExp(`^${fake.url}/flow/BRF\\d+$`));

    const [br, flow] = fake.requests.slice(before);
    expect(br).toMatchObject({ method: 'POST', path: '/billing_requests' });
    expect(br!.headers['idempotency-key']).toMatch(new RegExp(`^rally-deposit-${team.id}-`));
    expect(br!.body).toMatchObject({
      billing_requests: {
        payment_request: { amount: 50000, currency: 'GBP', metadata: { team_id: String(team.id), purpose: 'deposit' } },
        metadata: { team_id: String(team.id) },
      },
    });
    const brId = [...fake.billingRequests.values()].at(-1)!.id;
    expect(flow).toMatchObject({
      method: 'POST',
      path: '/billing_request_flows',
      body: {
        billing_request_flows: { redirect_uri: 'https://rally.example/registered?payment=gocardless', links: { billing_request: brId } },
      },
    });

    // A second click reuses the same billing request (same idempotency key).
    const again = await app.inject({
      method: 'POST',
      url: '/api/my-deposits/payment',
      headers: { cookie: driver.cookie },
      payload: {},
    });
    expect(again.statusCode).toBe(200);
    expect(fake.billingRequests.size).toBe(1);
  });

  it('refuses a team whose deposit is paid, someone with no team, and a signed-out caller', async () => {
    const { driver, team } = await teamWithDriver();
    await app.db.update(signups).set({ status: 'deposit_paid' }).where(eq(signups.id, team.id));
    const paid = await app.inject({
      method: 'POST',
      url: '/api/my-deposits/payment',
      headers: { cookie: driver.cookie },
      payload: {},
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toMatch(/already paid/);
    const stranger = await signUp(app);
    expect(
      (await app.inject({ method: 'POST', url: '/api/my-deposits/payment', headers: { cookie: stranger.cookie }, payload: {} })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/my-deposits/payment', payload: {} })).statusCode).toBe(401);
  });

  it('tells the client that GoCardless is on', async () => {
    expect((await app.inject({ url: '/api/deposits/settings' })).json()).toEqual({ provider: 'gocardless', amountPence: 50000 });
  });
});

describe('the GoCardless webhook', () => {
  it('refuses a bad or missing signature with 498 and records nothing', async () => {
    const before = (await app.db.select().from(gocardlessEvents)).length;
    const bad = await deliver([event('EVBAD1', 'confirmed', 'PM0')], 'f'.repeat(64));
    expect(bad.statusCode).toBe(498);
    const body = JSON.stringify({ events: [event('EVBAD2', 'confirmed', 'PM0')] });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/webhooks/gocardless',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(missing.statusCode).toBe(498);
    expect((await app.db.select().from(gocardlessEvents)).length).toBe(before);
  });

  it('a confirmed payment moves the team to deposit paid and e-mails the driver a receipt; a replay changes nothing', async () => {
    const { driver, team } = await teamWithDriver();
    const pm = paidPayment(team.id);
    const ev = event(`EV${randomUUID().slice(0, 8)}`, 'confirmed', pm);
    const started = Date.now();
    const res = await deliver([ev]);
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    await queueIdle();
    expect(await statusOf(team.id)).toBe('deposit_paid');
    expect(await depositOf(team.id)).toMatchObject({
      amountPence: 50000,
      source: 'gocardless',
      providerPaymentId: pm,
      method: 'direct_debit',
    });
    const receipts = mailTo(driver.email).filter((m) => /Deposit received/.test(m.subject));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('£500.00');
    const [change] = await app.db.select().from(entryStatusChanges).where(eq(entryStatusChanges.signupId, team.id));
    expect(change).toMatchObject({ toStatus: 'deposit_paid', actorEmail: null, reason: `GoCardless payment ${pm} confirmed` });

    // The same event again (GoCardless retries until it sees a 200): stored once, nothing repeated.
    expect((await deliver([ev])).statusCode).toBe(200);
    await queueIdle();
    expect(mailTo(driver.email).filter((m) => /Deposit received/.test(m.subject))).toHaveLength(1);
    expect(await app.db.select().from(entryStatusChanges).where(eq(entryStatusChanges.signupId, team.id))).toHaveLength(1);
  });

  it('a receipt that failed to send goes out when the job runs again, and the status moves only once', async () => {
    const { driver, team } = await teamWithDriver();
    const pm = paidPayment(team.id);
    const id = `EV${randomUUID().slice(0, 8)}`;
    // Stored as the webhook stores it; the job is run here by hand, twice, as pg-boss runs a job and retries it.
    await app.db.insert(gocardlessEvents).values({
      id,
      resourceType: 'payments',
      action: 'confirmed',
      paymentId: pm,
      createdAt: new Date(),
      payload: event(id, 'confirmed', pm),
    });
    const receipts = () => mailTo(driver.email).filter((m) => /Deposit received/.test(m.subject));
    const history = () => app.db.select().from(entryStatusChanges).where(eq(entryStatusChanges.signupId, team.id));
    // The receipt's first try fails; the organisers' notice of the payment goes through as usual.
    const sendForReal = app.mailer.send.bind(app.mailer);
    let refused = false;
    const send = vi.spyOn(app.mailer, 'send').mockImplementation(async (m) => {
      if (!refused && /Deposit received/.test(m.subject)) {
        refused = true;
        throw Object.assign(new Error('421 Try again later'), { responseCode: 421 });
      }
      return sendForReal(m);
    });
    try {
      await expect(processGoCardlessEvent(app, id)).rejects.toThrow('421 Try again later');
      expect(await statusOf(team.id)).toBe('deposit_paid');
      expect(receipts()).toHaveLength(0);
      expect((await depositOf(team.id))?.receiptSentAt).toBeNull();

      await processGoCardlessEvent(app, id);
      expect(receipts()).toHaveLength(1);
      expect((await depositOf(team.id))?.receiptSentAt).toBeInstanceOf(Date);
      expect((await history()).map((h) => h.toStatus)).toEqual(['deposit_paid']);
      expect((await app.db.select().from(gocardlessEvents).where(eq(gocardlessEvents.id, id)))[0]?.processedAt).toBeInstanceOf(Date);
      const paidAudits = (await app.db.select().from(auditLog).where(eq(auditLog.action, 'deposit.paid'))).filter(
        (a) => a.targetId === String(team.id),
      );
      expect(paidAudits).toHaveLength(1);

      // A later event of the same payment (paid out) finds the receipt sent and sends no second one.
      fake.setStatus(pm, 'paid_out');
      await deliver([event(`EV${randomUUID().slice(0, 8)}`, 'paid_out', pm)]);
      await queueIdle();
      expect(receipts()).toHaveLength(1);
      expect(await history()).toHaveLength(1);
    } finally {
      send.mockRestore();
    }
  });

  it('a failed payment moves the team back to registered and tells the organisers', async () => {
    const { team } = await teamWithDriver();
    const pm = paidPayment(team.id);
    await deliver([event(`EV${randomUUID().slice(0, 8)}`, 'confirmed', pm)]);
    await queueIdle();
    expect(await statusOf(team.id)).toBe('deposit_paid');

    fake.setStatus(pm, 'charged_back');
    await deliver([event(`EV${randomUUID().slice(0, 8)}`, 'charged_back', pm)]);
    await queueIdle();
    expect(await statusOf(team.id)).toBe('registered');
    expect(await depositOf(team.id)).toBeUndefined();
    const alerts = mailTo(admin.email).filter((m) => m.subject.includes(team.teamName));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(pm);
  });

  it('after a failed payment the next attempt gets a new billing request, not the spent one', async () => {
    const { driver, team } = await teamWithDriver();
    const start = () => app.inject({ method: 'POST', url: '/api/my-deposits/payment', headers: { cookie: driver.cookie }, payload: {} });
    // The team's billing requests, by the idempotency key each was made with.
    const keys = () =>
      fake.requests
        .filter((r) => r.path === '/billing_requests' && JSON.stringify(r.body).includes(`"team_id":"${team.id}"`))
        .map((r) => r.headers['idempotency-key']);
    expect((await start()).statusCode).toBe(200);
    const pm = paidPayment(team.id);
    await deliver([event(`EV${randomUUID().slice(0, 8)}`, 'confirmed', pm)]);
    await queueIdle();
    fake.setStatus(pm, 'failed');
    await deliver([event(`EV${randomUUID().slice(0, 8)}`, 'failed', pm)]);
    await queueIdle();
    expect(await statusOf(team.id)).toBe('registered');

    expect((await start()).statusCode).toBe(200);
    const [first, second] = keys();
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('events out of order end in the payment’s real state', async () => {
    const { team } = await teamWithDriver();
    const pm = paidPayment(team.id, 'failed');
    const older = new Date(Date.now() - 60_000).toISOString();
    // The failure arrives first, then the older "confirmed": the payment has failed, so the team stays registered.
    await deliver([event(`EV${randomUUID().slice(0, 8)}`, 'failed', pm)]);
    await deliver([event(`EV${randomUUID().slice(0, 8)}`, 'confirmed', pm, older)]);
    await queueIdle();
    expect(await statusOf(team.id)).toBe('registered');
    expect(await depositOf(team.id)).toBeUndefined();

    // A late "failed" for a payment that GoCardless now reports as paid out does not undo the deposit.
    const { team: other } = await teamWithDriver();
    const paidOut = paidPayment(other.id, 'paid_out');
    await deliver([event(`EV${randomUUID().slice(0, 8)}`, 'paid_out', paidOut)]);
    await deliver([event(`EV${randomUUID().slice(0, 8)}`, 'failed', paidOut, older)]);
    await queueIdle();
    expect(await statusOf(other.id)).toBe('deposit_paid');
    expect(await depositOf(other.id)).toMatchObject({ providerPaymentId: paidOut });
  });
});

describe('a deposit entered by hand', () => {
  const body = { amountPence: 50000, method: 'bank_transfer', paidOn: '2026-02-14' };

  it('an organiser records it: status, history, audit, deposit record and the same receipt', async () => {
    const { driver, team } = await teamWithDriver();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/deposits/${team.id}`,
      headers: { cookie: admin.cookie },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...body, source: 'manual', providerPaymentId: null });
    expect(await statusOf(team.id)).toBe('deposit_paid');
    const [change] = await app.db.select().from(entryStatusChanges).where(eq(entryStatusChanges.signupId, team.id));
    expect(change).toMatchObject({ actorEmail: admin.email, reason: 'Deposit of £500.00 received by bank transfer on 2026-02-14' });
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'deposit.manual'));
    expect(audits.some((a) => a.targetId === String(team.id))).toBe(true);
    const receipt = mailTo(driver.email).find((m) => /Deposit received/.test(m.subject));
    expect(receipt?.text).toContain('Bank transfer');
    const list = await app.inject({ url: '/api/admin/signups', headers: { cookie: admin.cookie } });
    expect(list.json().find((s: { id: number }) => s.id === team.id)).toMatchObject({
      depositAmountPence: 50000,
      depositPaidOn: '2026-02-14',
    });
    // A driver cannot start a GoCardless payment for a deposit that is already paid.
    const again = await app.inject({
      method: 'POST',
      url: '/api/my-deposits/payment',
      headers: { cookie: driver.cookie },
      payload: {},
    });
    expect(again.statusCode).toBe(409);
  });

  it('is refused to a rallier', async () => {
    const { driver, team } = await teamWithDriver();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/deposits/${team.id}`,
      headers: { cookie: driver.cookie },
      payload: body,
    });
    expect(res.statusCode).toBe(403);
    expect(await statusOf(team.id)).toBe('registered');
    expect(await depositOf(team.id)).toBeUndefined();
  });
});

describe('without GoCardless settings', () => {
  it('the client is told to use the payment link and the payment route says so', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.inject({ url: '/api/deposits/settings' })).json()).toEqual({ provider: 'link', amountPence: 50000 });
      const driver = await signUp(plain);
      await insertTeam(plain.db, { userId: driver.user.id, driverEmail: driver.email });
      const res = await plain.inject({
        method: 'POST',
        url: '/api/my-deposits/payment',
        headers: { cookie: driver.cookie },
        payload: {},
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/not set up/);
      const body = JSON.stringify({ events: [] });
      const hook = await plain.inject({
        method: 'POST',
        url: '/api/webhooks/gocardless',
        headers: { 'content-type': 'application/json', 'webhook-signature': createHmac('sha256', '').update(body).digest('hex') },
        payload: body,
      });
      expect(hook.statusCode).toBe(498);
    } finally {
      await plain.close();
    }
  });
});
