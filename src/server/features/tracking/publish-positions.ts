import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { notifyLive } from '../../services/live-events';
import { publicPositions } from './positions';

export const PUBLISH_QUEUE = 'live-positions-publish';
/** Every minute: the public map moves as positions pass the delay, not when they arrive. */
export const PUBLISH_CRON = '* * * * *';

/**
 * Tells open pages (positions.changed) when the public map differs from the last time this
 * process looked. Positions become public as they pass the delay, which no write marks, so this
 * runs on a schedule (once a minute across all instances). Returns the map's digest, kept by the
 * caller for the next run; a first run, or one on another instance, may tell pages once more than
 * needed, which costs them one refetch.
 */
export async function publishPositionChanges(db: Db, now: Date, delayMinutes: number, lastDigest: string | null): Promise<string> {
  const { teams } = await publicPositions(db, now, delayMinutes);
  const digest = createHash('sha1').update(JSON.stringify(teams)).digest('base64url');
  if (digest !== lastDigest) await notifyLive(db, { kind: 'positions.changed' });
  return digest;
}

/** A pg-boss schedule: with several instances, one of them looks each minute. */
export async function startPositionPublisher(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  let digest: string | null = null;
  await jobs.createQueue(PUBLISH_QUEUE);
  await jobs.schedule(PUBLISH_QUEUE, PUBLISH_CRON);
  await jobs.work(PUBLISH_QUEUE, async () => {
    const settings = await app.rallySettings();
    digest = await publishPositionChanges(app.db, new Date(), settings.livePositionDelayMinutes, digest);
  });
}
