import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { openPostgres } from '../src/server/db/client';
import { bulkSendRecipients, bulkSends, historicParticipants } from '../src/server/db/schema';
import { startSite, sleep, type RunningServer } from '../bench/processes';
import { freshPostgres } from './support';
import { adminCookie } from '../bench/admin-session';

/**
 * A bulk send with the sending instance stopped part-way, right after the mail server has taken a
 * message. After a restart every recipient has the message; SIGKILL repeats at most the messages in
 * flight (one per lane), SIGTERM none. The send's size is not the point, so it is small; the lease
 * is short (MAIL_LEASE_SECONDS) so that the rows a killed lane held come back in seconds, not minutes.
 */
const RECIPIENTS = 800;
const STOP_AFTER = 300;
const CONCURRENCY = 4;
const admin = { email: 'organiser@example.org', password: 'a long organiser password' };

let received: string[] = [];
/** Called after each message the mail server takes (the test stops the site from here). */
let afterEachMessage = () => {};
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
        afterEachMessage();
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
    MAIL_LEASE_SECONDS: '10',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
  return { db, env };
}

async function startSendAndStop(env: Record<string, string>, signal: NodeJS.Signals): Promise<RunningServer> {
  const site = await startSite(env, 5621);
  const cookie = await adminCookie(site.url, admin);
  const exited = new Promise((resolve) => site.child.once('exit', resolve));
  // The stop follows a message the server has just taken: the moment a repeat could come from.
  afterEachMessage = () => {
    if (received.length < STOP_AFTER) return;
    afterEachMessage = () => {};
    site.child.kill(signal);
  };
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
  await exited;
  return site;
}

/** The outbox rows still held by a lane (claimed, their answer not recorded). */
async function rowsInHand(url: string): Promise<number> {
  const database = openPostgres(url);
  try {
    const rows = await database.db.select({ status: bulkSendRecipients.status }).from(bulkSendRecipients);
    return rows.filter((r) => r.status === 'sending').length;
  } finally {
    await database.close();
  }
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
  const deadline = Date.now() + 120_000; // a killed lane's rows wait for their lease to end
  while (!(await sendIsDone(dbUrl)) && Date.now() < deadline) await sleep(200);
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
        expect(atStop).toBeGreaterThanOrEqual(STOP_AFTER);
        expect(atStop).toBeLessThan(RECIPIENTS);
        // SIGTERM: each lane records its answer before the site ends; SIGKILL leaves at most a row per lane.
        expect(await rowsInHand(db.url)).toBeLessThanOrEqual(allowedRepeats);
        await restartAndFinish(env, db.url);
        expect(new Set(received).size).toBe(RECIPIENTS);
        expect(received.length - RECIPIENTS).toBeLessThanOrEqual(allowedRepeats);
      } finally {
        await db.drop();
      }
    }, 240_000);
  }
});
