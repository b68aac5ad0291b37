import fp from 'fastify-plugin';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { emailsFailed, emailsSent, lastBackup, liveStreamsOpen } from '../../services/site-figures';
import { jobQueueFigures } from '../../services/job-queue-figures';

/** Constant-time: how much of a wrong token matches is not told by how long the refusal takes. */
function sameToken(given: string, expected: string) {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics in Prometheus's text format, for the operator's scraper, only with
 * `Authorization: Bearer $METRICS_TOKEN` (401 otherwise; 404 when no token is set). Registered at the
 * root (fastify-plugin) so that its request hook sees every route. docs/operations.md, "Metrics".
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    for (const metric of [emailsSent, emailsFailed, liveStreamsOpen]) registry.registerMetric(metric);

    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({ name: 'rally_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
    const durations = new Histogram({
      name: 'rally_http_request_duration_seconds',
      help: 'Time to answer HTTP requests',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern (/api/teams/:id), never the address itself: a bounded set of labels.
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    new Gauge({
      name: 'rally_db_pool_connections',
      help: "The database pool's connections: total, idle, and requests waiting for one",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = app.database.poolStats?.();
        if (!stats) return;
        for (const [state, n] of Object.entries(stats)) this.set({ state }, n);
      },
    });
    new Gauge({
      name: 'rally_jobs',
      help: 'Jobs in the queue by queue and state: waiting, active, failed',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await jobQueueFigures(app.database)) {
          this.set({ queue: q.queue, state: 'waiting' }, q.waiting);
          this.set({ queue: q.queue, state: 'active' }, q.active);
          this.set({ queue: q.queue, state: 'failed' }, q.failed);
        }
      },
    });
    new Gauge({
      name: 'rally_backup_last_timestamp_seconds',
      help: 'When npm run backup last wrote an archive (0: never)',
      registers: [registry],
      collect() {
        const last = lastBackup(app.config.dataDir);
        this.set(last ? Date.parse(last.at) / 1000 : 0);
      },
    });

    // Without a token there is no /metrics: the address is an unknown page like any other.
    const token = app.config.METRICS_TOKEN;
    if (!token) return;
    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token))
        return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'A metrics token is needed' });
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
