import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { inject } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { openPostgres, type Database } from '../db/client';
import type { MailMessage, Mailer } from '../services/mail';
import { startJobs } from '../services/jobs';
import { templateName, testDbPrefix, withDatabase } from './global-setup';
import { installDataKeys } from '../db/encrypted-text';
import { dataKey } from '../field-cipher';

export type TestMailer = Mailer & { sent: MailMessage[] };

/** Keeps sent messages in memory for assertions. */
export function memoryMailer(): TestMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    description: 'memory',
    async send(m) {
      sent.push(m);
      return { messageId: m.messageId ?? `<${sent.length}@test>` };
    },
    close() {},
  };
}

/** A fresh database for one test file: a copy of the migrated template (see global-setup.ts). */
export async function freshDatabase(): Promise<Database> {
  // Tests that use the database without the app still read and write the encrypted columns.
  installDataKeys({ current: dataKey(randomBytes(32)), previous: null });
  const url = inject('testDatabaseUrl');
  const name = `${testDbPrefix(url)}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateName(url)} ${inject('testDatabaseCopy')}`);
  await admin.end();
  let dropping = false;
  // Dropping the database ends any connection still closing; only errors before that are news.
  const database = openPostgres(withDatabase(url, name), {
    onPoolError: (err) => {
      if (!dropping) console.error('postgres pool error:', err.message);
    },
  });
  const close = database.close;
  database.close = async () => {
    dropping = true;
    await close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await c.end();
  };
  return database;
}

export type TestApp = FastifyInstance & { mail: TestMailer; dataDir: string };

/**
 * The season's clock in tests (RALLY_CLOCK, src/server/clock.ts): months before the first season's
 * rally (the migrations' 9-12 September 2026), while registration is open, whatever today is. A
 * test of another phase passes its own `env: { RALLY_CLOCK }` ('' for real time).
 */
export const TEST_SEASON_CLOCK = '2026-06-01T12:00:00Z';

/**
 * The whole app on a fresh database, driven with `inject`. Pass `jobs: true` to start the job
 * queue (slower; only for tests of background work).
 */
export async function createTestApp(
  opts: { jobs?: boolean; env?: Record<string, string>; mailer?: Mailer; logger?: AppDeps['logger']; webDir?: string } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RALLY_CLOCK: TEST_SEASON_CLOCK,
    // Every live event reaches a test's stream at once, with its ids; the gathering's own tests
    // (features/live-events/live-load.test.ts) turn it on.
    LIVE_GATHER_MS: '0',
    ...opts.env,
  });
  const database = await freshDatabase();
  const mail = memoryMailer();
  const jobs = opts.jobs ? await startJobs(database, { error: () => {} }) : null;
  const app = await buildApp({
    config,
    database,
    mailer: opts.mailer ?? mail,
    jobs,
    sessionSecret: 'test-secret-'.padEnd(40, 'x'),
    logger: opts.logger,
    webDir: opts.webDir,
  });
  app.addHook('onClose', async () => {
    await jobs?.stop({ graceful: false, wait: true }).catch(() => {});
    await database.close();
  });
  return Object.assign(app, { mail, dataDir }) as TestApp;
}
