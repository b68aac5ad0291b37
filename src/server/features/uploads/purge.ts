import type { FastifyInstance } from 'fastify';
import { createStorage, DiskStorage } from '../../services/storage';

export const UPLOAD_PURGE_QUEUE = 'uploads-purge-stale';
/** Daily, at a minute no other schedule uses. */
export const UPLOAD_PURGE_CRON = '41 3 * * *';
/** Upload URLs live 15 minutes; a day later nobody is coming back for the file. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes uploads on disk that were never attached to a team. On S3 the same job belongs to a
 * bucket lifecycle rule on the `incoming/` prefix.
 */
export async function startUploadPurge(app: FastifyInstance): Promise<void> {
  const storage = createStorage(app.config, app.signingKey);
  if (!app.jobs || !(storage instanceof DiskStorage)) return;
  await app.jobs.createQueue(UPLOAD_PURGE_QUEUE);
  await app.jobs.schedule(UPLOAD_PURGE_QUEUE, UPLOAD_PURGE_CRON);
  await app.jobs.work(UPLOAD_PURGE_QUEUE, async () => {
    const removed = await storage.purgeStaleIncoming(STALE_UPLOAD_MS);
    app.log.info({ removed }, 'unattached uploads removed');
  });
}
