import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Counter, Gauge } from 'prom-client';
import type { Mailer } from './mail';

/**
 * What the site counts about itself for /metrics and the organisers' Site health page. Kept by this
 * process since it started (an instance's own, not the whole site's when several run).
 */
export const emailsSent = new Counter({
  name: 'rally_emails_sent_total',
  help: 'E-mails the mail server (or the outbox) accepted',
  registers: [],
});
export const emailsFailed = new Counter({ name: 'rally_emails_failed_total', help: 'E-mails that could not be sent', registers: [] });
export const liveStreamsOpen = new Gauge({
  name: 'rally_live_streams_open',
  help: 'Open live event streams (live pages, control room)',
  registers: [],
});

export type FailedEmail = { to: string; reason: string; at: Date };
/** The last failures, newest last: enough to see a pattern, small enough to keep in memory. */
const recentFailures: FailedEmail[] = [];
const KEEP_FAILURES = 200;

/** E-mails that failed since `since` (this process's), newest first. */
export function failedEmailsSince(since: Date): FailedEmail[] {
  return recentFailures.filter((f) => f.at >= since).reverse();
}

/** The mailer, counting what it sends and what fails (with the address and the reason). */
export function countingMailer(mailer: Mailer): Mailer {
  return {
    ...mailer,
    async send(message) {
      try {
        const sent = await mailer.send(message);
        emailsSent.inc();
        return sent;
      } catch (err) {
        emailsFailed.inc();
        recentFailures.push({ to: String(message.to), reason: (err as Error).message.split('\n')[0]!.slice(0, 300), at: new Date() });
        if (recentFailures.length > KEEP_FAILURES) recentFailures.shift();
        throw err;
      }
    },
  };
}

export type LastBackup = { file: string; bytes: number; at: string };
const LAST_BACKUP_FILE = 'last-backup.json';

/** Written by `npm run backup` into DATA_DIR, where the site reads it. */
export function recordBackup(dataDir: string, backup: LastBackup) {
  writeFileSync(path.join(dataDir, LAST_BACKUP_FILE), JSON.stringify(backup), { mode: 0o600 });
}

/** The last backup `npm run backup` made on this DATA_DIR, or null when none is recorded. */
export function lastBackup(dataDir: string): LastBackup | null {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, LAST_BACKUP_FILE), 'utf8')) as LastBackup;
  } catch {
    return null;
  }
}
