import type { FastifyPluginAsync } from 'fastify';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { healthChecks } from '../../db/schema';
import { freeDiskMb } from '../../services/free-disk';

const CHECK_TIMEOUT_MS = 2000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref())]);
}

/** This process's row in health_checks: several instances share one database. */
const instance = `${hostname()}:${process.pid}`;

/**
 * `/health` is liveness (the database answers; a container restarts the site when it does not) and
 * `/health/ready` is readiness for traffic: the database also accepts a committed write and the disk
 * holding DATA_DIR (uploads, outbox, the embedded database) has room. Neither says why beyond a word,
 * so a probe from outside learns nothing about the setup; the log has the detail.
 */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (_request, reply) => {
    try {
      await withinTimeout(app.database.ping());
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  app.get('/health/ready', async (request, reply) => {
    try {
      await withinTimeout(
        app.db
          .insert(healthChecks)
          .values({ instance, checkedAt: sql`now()` })
          .onConflictDoUpdate({ target: healthChecks.instance, set: { checkedAt: sql`now()` } }),
      );
    } catch (err) {
      request.log.warn({ err }, 'readiness: the database refused a write');
      return reply.code(503).send({ status: 'unavailable', failing: 'database' });
    }
    const free = await freeDiskMb(app.config.dataDir).catch(() => null);
    if (free !== null && free < app.config.MIN_FREE_DISK_MB) {
      request.log.warn(`readiness: ${free} MB free in ${app.config.dataDir}, below MIN_FREE_DISK_MB (${app.config.MIN_FREE_DISK_MB})`);
      return reply.code(503).send({ status: 'unavailable', failing: 'disk' });
    }
    return { status: 'ok' };
  });
};

export default healthRoutes;
