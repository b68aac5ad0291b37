import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, memoryMailer, type TestApp } from '../test/app';
import { teamInput } from '../../common/factories';
import { startWorkers } from './workers';
import { MAIL_QUEUE } from './mail-queue';

/** A mail server that is down until told otherwise. */
const inner = memoryMailer();
let down = true;
const flakyMailer = {
  ...inner,
  async send(m: Parameters<typeof inner.send>[0]) {
    if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
    return inner.send(m);
  },
};

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ jobs: true, mailer: flakyMailer });
  await startWorkers(app);
});
afterAll(() => app.close());

const jobStates = async () =>
  (
    (await app.db.execute(sql`select state from pgboss.job where name = ${MAIL_QUEUE}`)) as unknown as { rows: { state: string }[] }
  ).rows.map((r) => r.state);

describe('an e-mail a registration promises', () => {
  it('is queued, so a mail server that is down delays it rather than losing it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/signups',
      payload: teamInput({ driverEmail: 'queued@example.je' }) as object,
    });
    expect(res.statusCode).toBe(201);
    // The first try fails while the mail server is down: the job waits to be retried.
    await expect.poll(jobStates, { timeout: 20_000 }).toEqual(['retry']);
    expect(inner.sent).toHaveLength(0);

    down = false;
    // The retry is due (rather than in 30 s): the same job now sends the message, once.
    await app.db.execute(sql`update pgboss.job set start_after = now() where name = ${MAIL_QUEUE}`);
    await expect.poll(() => inner.sent.filter((m) => m.to === 'queued@example.je').length, { timeout: 20_000 }).toBe(1);
    await expect.poll(jobStates, { timeout: 20_000 }).toEqual(['completed']);
    expect(inner.sent[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
  });
});
