import type { FastifyInstance } from 'fastify';
import './bulk-mail';
import { startAuthPurge } from '../features/auth/session-purge';
import { startCredentialsWorker } from '../features/credentials/send-credentials';
import { startUploadPurge } from '../features/uploads/purge';
import { startSensitiveDataPurge } from '../features/privacy/retention';

/**
 * Background workers and schedules, started once the job queue is up. Each feature that has
 * background work adds its starter here.
 */
const starters: ((app: FastifyInstance) => Promise<void>)[] = [startAuthPurge, startCredentialsWorker, (app) => app.bulkMail.start(), startUploadPurge, startSensitiveDataPurge];

export async function startWorkers(app: FastifyInstance): Promise<void> {
  for (const start of starters) await start(app);
}
