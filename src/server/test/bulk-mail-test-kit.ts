import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { historicParticipants } from '../db/schema';
import { createMailer } from '../services/mail';
import { startJobs, type Jobs } from '../services/jobs';

export type Received = { to: string; raw: string };
type SmtpError = Error & { responseCode?: number };

/**
 * An in-process SMTP server for the bulk e-mail tests. `reply` decides each message's answer
 * (undefined accepts); `hold` keeps the answer back, as a server would while the sender dies.
 */
export async function startSmtp() {
  const received: Received[] = [];
  const held: (() => void)[] = [];
  const state = { hold: false, reply: (_to: string): SmtpError | undefined => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    // close() waits this long for clients still connected (30 s by default) before dropping them.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]?.address ?? '';
        if (state.hold) {
          held.push(() => callback(Object.assign(new Error('Service closing'), { responseCode: 421 })));
          return;
        }
        const err = state.reply(to);
        if (err) return callback(err);
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    held,
    state,
    releaseHeld: () => held.splice(0).forEach((answer) => answer()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const smtpError = (code: number, message: string): SmtpError => Object.assign(new Error(message), { responseCode: code });

/** One app instance (with its own job queue and SMTP mailer) on a shared database, as in production. */
export async function startInstance(database: Database, smtpUrl: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-bulk-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://rally.example.org', ...env });
  const jobs: Jobs = await startJobs(database, { error: () => {} });
  const mailer = createMailer({ smtpUrl, from: config.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') });
  const app: FastifyInstance = await buildApp({ config, database, mailer, jobs, sessionSecret: 'bulk-test-secret-'.padEnd(40, 'x') });
  // The pooled SMTP connections close with the instance, as main.ts does on shutdown.
  app.addHook('onClose', async () => mailer.close());
  await app.ready();
  return { app, jobs, mailer };
}

/** n opted-in historic drivers, p000@list.test upwards. */
export async function seedContacts(app: FastifyInstance, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    year: 2008 + (i % 10),
    driverFirstName: `P${i}`,
    driverLastName: 'Rallier',
    email: `p${String(i).padStart(3, '0')}@list.test`,
    emailOptIn: true,
  }));
  for (let i = 0; i < rows.length; i += 250) await app.db.insert(historicParticipants).values(rows.slice(i, i + 250));
}

/** Counts per recipient address. */
export function perRecipient(received: Received[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of received) m.set(r.to, (m.get(r.to) ?? 0) + 1);
  return m;
}
