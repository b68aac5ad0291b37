import type { FastifyInstance } from 'fastify';

/**
 * Moves a test app's season clock (RALLY_CLOCK) to another instant, for tests that follow the
 * rally from its days into the days after. The app reads the clock on each request.
 */
export function setRallyClock(app: FastifyInstance, instant: string): void {
  Object.assign(app.config, { RALLY_CLOCK: instant });
}
