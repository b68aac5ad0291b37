import type { FastifyInstance } from 'fastify';

/**
 * Background workers and schedules, started once the job queue is up. Each feature that has
 * background work adds its starter here.
 */
const starters: ((app: FastifyInstance) => Promise<void>)[] = [];

export async function startWorkers(app: FastifyInstance): Promise<void> {
  for (const start of starters) await start(app);
}
