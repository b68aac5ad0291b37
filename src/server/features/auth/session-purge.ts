import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { purgeExpiredSessions } from '../../plugins/session-store';
import { purgeExpiredRateLimits } from '../../services/rate-limit';
import { purgeExpiredTokens } from './reset-tokens';

export const PURGE_QUEUE = 'auth-purge-expired';
/** Hourly, at a minute no other schedule uses. */
export const PURGE_CRON = '17 * * * *';

/** Deletes expired sessions, reset tokens and rate-limit counters. */
export async function purgeExpiredAuthRows(db: Db) {
  return {
    sessions: await purgeExpiredSessions(db),
    tokens: await purgeExpiredTokens(db),
    rateLimits: await purgeExpiredRateLimits(db),
  };
}

/**
 * A pg-boss schedule, so with several instances the clean-up runs once an hour in total, not once
 * per instance.
 */
export async function startAuthPurge(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.createQueue(PURGE_QUEUE);
  await jobs.schedule(PURGE_QUEUE, PURGE_CRON);
  await jobs.work(PURGE_QUEUE, async () => {
    const removed = await purgeExpiredAuthRows(app.db);
    app.log.info(removed, 'expired sessions, reset tokens and rate-limit counters removed');
  });
}
