import type { FastifyInstance } from 'fastify';

/** Starts one feature's queue workers and schedules. */
export type WorkerStarter = (app: FastifyInstance) => Promise<void>;

/**
 * Starts the background work the features registered (`app.workerStarters.push(...)` beside their
 * routes), once the job queue is up. Tests build the app without it and start what they test.
 */
export async function startWorkers(app: FastifyInstance): Promise<void> {
  for (const start of app.workerStarters) await start(app);
}
