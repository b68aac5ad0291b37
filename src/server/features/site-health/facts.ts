import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { SiteHealth } from '../../../common/schemas/site-health';
import { freeDiskMb } from '../../services/free-disk';
import { jobQueueFigures } from '../../services/job-queue-figures';
import { failedEmailsSince, lastBackup, liveStreamsOpen } from '../../services/site-figures';

/** A backup older than this (or none at all) is overdue: docs/operations.md asks for one a day. */
export const BACKUP_OVERDUE_HOURS = 48;
/** This many failed e-mails in a day means they keep failing (one bad address is not news). */
export const FAILING_EMAILS = 3;

const DAY_MS = 24 * 3600_000;
const startedAt = new Date();

/** The version in package.json beside the running site (the Docker image keeps it too). */
function siteVersion(): string {
  try {
    return (JSON.parse(readFileSync('package.json', 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function siteHealth(app: FastifyInstance, now = new Date()): Promise<SiteHealth> {
  const backup = lastBackup(app.config.dataDir);
  const liveStreams = await liveStreamsOpen.get();
  return {
    version: siteVersion(),
    startedAt: startedAt.toISOString(),
    lastBackup: backup && { at: backup.at, bytes: backup.bytes },
    backupOverdue: !backup || now.getTime() - Date.parse(backup.at) > BACKUP_OVERDUE_HOURS * 3600_000,
    failedEmails: failedEmailsSince(new Date(now.getTime() - DAY_MS)).map((f) => ({ ...f, at: f.at.toISOString() })),
    jobs: await jobQueueFigures(app.database),
    diskFreeMb: await freeDiskMb(app.config.dataDir).catch(() => null),
    minFreeDiskMb: app.config.MIN_FREE_DISK_MB,
    liveStreamsOpen: liveStreams.values[0]?.value ?? 0,
  };
}

/** What the organisers should hear about, a line each; none when all is well. */
export function healthProblems(health: SiteHealth): string[] {
  const problems: string[] = [];
  if (health.backupOverdue)
    problems.push(
      health.lastBackup
        ? `The last backup was made on ${health.lastBackup.at.slice(0, 10)}, more than ${BACKUP_OVERDUE_HOURS / 24} days ago. Ask whoever runs the server to run npm run backup (and check its schedule).`
        : 'No backup has been recorded for this site. Ask whoever runs the server to run npm run backup, and to schedule it daily.',
    );
  if (health.failedEmails.length >= FAILING_EMAILS) {
    const addresses = [...new Set(health.failedEmails.map((f) => f.to))].slice(0, 10).join(', ');
    problems.push(
      `${health.failedEmails.length} e-mails failed in the last day (to ${addresses}); the latest said: ${health.failedEmails[0]!.reason}`,
    );
  }
  return problems;
}
