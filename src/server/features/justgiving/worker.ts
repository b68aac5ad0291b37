import type { FastifyInstance } from 'fastify';
import { syncJustGiving, type SyncSettings } from './sync';

export const JUSTGIVING_SYNC_QUEUE = 'justgiving-sync';
/** Every 15 minutes. */
export const JUSTGIVING_SYNC_CRON = '*/15 * * * *';

/** The sync's settings, or null while JUSTGIVING_APP_ID is not set. */
export function syncSettings(app: FastifyInstance): SyncSettings | null {
  const appId = app.config.JUSTGIVING_APP_ID;
  return appId ? { appId, apiUrl: app.config.JUSTGIVING_API_URL } : null;
}

/**
 * A pg-boss schedule, so with several instances the pages are read once per quarter hour in total.
 * Without an app id the schedule is removed, so a site that stops using JustGiving stops asking.
 */
export async function startJustGivingSync(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  const settings = syncSettings(app);
  await jobs.createQueue(JUSTGIVING_SYNC_QUEUE);
  if (!settings) {
    await jobs.unschedule(JUSTGIVING_SYNC_QUEUE);
    return;
  }
  await jobs.schedule(JUSTGIVING_SYNC_QUEUE, JUSTGIVING_SYNC_CRON);
  await jobs.work(JUSTGIVING_SYNC_QUEUE, async () => {
    const outcome = await syncJustGiving(app.db, settings, app.log);
    app.log.info(outcome, 'JustGiving pages read');
  });
}
