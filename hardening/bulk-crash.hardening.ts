import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { openPostgres } from '../src/server/db/client';
import { bulkSends, historicParticipants } from '../src/server/db/schema';
import { startSite, sleep, type RunningServer } from '../bench/processes';
import { freshPostgres } from './support';
import { adminCookie } from '../bench/admin-session';

/**
 * A bulk send to 5,000 contacts, with the sending instance killed part-way. After a restart every
 * recipient has the message; SIGKILL repeats at most the messages in flight, SIGTERM none.
 */
const RECIPIENTS = 5000;
const CONCURRENCY = 4;
const admin = { email: 'organiser@example.org', password: 'a long organiser password' };

let received: string[] = [];
let smtp: SMTPServer;
const SMTP_PORT = 5625;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) received.push(to.address);
        callback();
      });
    },
  });
  // A killed site drops its SMTP connections mid-message; that is the point of the test.
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function prepare(label: string) {
  const db = await freshPostgres(label);
  const database = openPostgres(db.url);
  await database.migrate();
  const rows = Array.from({ length: RECIPIENTS }, (_, i) => ({
    year: 2008 + (i % 10),
    driverFirstName: 'Rallier',
    driverLastName: `Number${i}`,
    email: `rallier${i}@example.org`,
    emailOptIn: true,
  }));
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(historicParticipants).values(rows.slice(i, i + 1000));
  await database.close();
  const env = {
    DATABASE_URL: db.url,
    DATA_DIR: db.dataDir,
    SEED_DEMO: '0',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_RATE_PER_SECOND: '100000',
    MAIL_CONCURRENCY: String(CONCURRENCY),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
  return { db, env };
}

async function startSendAndStop(env: Record<string, string>, signal: NodeJS.Signals): Promise<RunningServer> {
  const site = await startSite(env, 5621);
  const cookie = await adminCookie(site.url, admin);
  const res = await fetch(`${site.url}/api/admin/send-bulk-email`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      subject: 'Rally news',
      htmlContent: '<p>The 2026 rally is open.</p>',
      recipientType: 'mailing_list',
      onlyOptedIn: true,
    }),
  });
  expect(res.status).toBe(200);
  const deadline = Date.now() + 120_000;
  while (received.length < 2000 && Date.now() < deadline) await sleep(20);
  const exited = new Promise((resolve) => site.child.once('exit', resolve));
  site.child.kill(signal);
  await exited;
  return site;
}

/** True once the send has no row left to send: the outbox says the work is finished. */
async function sendIsDone(url: string): Promise<boolean> {
  const database = openPostgres(url);
  try {
    const rows = await database.db.select({ status: bulkSends.status }).from(bulkSends);
    return rows.length === 1 && rows[0]?.status === 'done';
  } finally {
    await database.close();
  }
}

async function restartAndFinish(env: Record<string, string>, dbUrl: string) {
  const site = await startSite(env, 5622);
  const deadline = Date.now() + 240_000; // a killed worker's rows wait for their lease to end
  while (!(await sendIsDone(dbUrl)) && Date.now() < deadline) await sleep(500);
  // Once the site has stopped, nothing more can arrive: the counts below are final.
  await site.stop();
}

describe('bulk e-mail across a crash', () => {
  for (const [signal, allowedRepeats] of [
    ['SIGKILL', CONCURRENCY],
    ['SIGTERM', 0],
  ] as const) {
    it(`${signal} part-way: everyone gets the message, repeats at most ${allowedRepeats}`, async () => {
      received = [];
      const { db, env } = await prepare(signal.toLowerCase());
      try {
        await startSendAndStop(env, signal);
        const atStop = received.length;
        expect(atStop).toBeGreaterThanOrEqual(2000);
        expect(atStop).toBeLessThan(RECIPIENTS);
        await restartAndFinish(env, db.url);
        expect(new Set(received).size).toBe(RECIPIENTS);
        expect(received.length - RECIPIENTS).toBeLessThanOrEqual(allowedRepeats);
      } finally {
        await db.drop();
      }
    }, 420_000);
  }
});
