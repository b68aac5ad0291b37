import path from 'node:path';
import type pino from 'pino';
import closeWithGrace from 'close-with-grace';
import { openDatabase } from './db/open';
import type { EmbeddedPostgres } from './db/embedded-postgres';
import { buildApp } from './app';
import { createMailer } from './services/mail';
import { countingMailer } from './services/site-figures';
import { startJobs } from './services/jobs';
import { startWorkers } from './services/workers';
import { resolveSessionSecret } from './session-secret';
import { demoLoadedLine, loadsDemoData, seedDemoIfEmpty } from './seed/demo';
import { ensureAdmin } from './seed/admin';
import { withStartupLock } from './db/startup-lock';
import type { Config } from './config';

/**
 * How long shutdown may take before the process is ended anyway: room for in-flight bulk messages
 * to finish, the job queue's 10 s and the database to close.
 */
const SHUTDOWN_GRACE_MS = 15_000;

/**
 * Starts the site on the database `server` is starting (main.ts): migrations, demo data, jobs, HTTP.
 * Stops cleanly on SIGTERM, SIGINT or an uncaught error.
 */
export async function startSite(config: Config, log: pino.Logger, server: Promise<EmbeddedPostgres | null>) {
  const database = await openDatabase(
    config,
    (m) => log.warn(m),
    (err) => log.error({ err }, 'postgres pool error: a connection dropped; the next query opens another'),
    server,
  );
  log.info(`database: ${config.embedded ? `embedded PostgreSQL in ${config.dataDir}/postgres` : 'PostgreSQL'}`);

  // Counted for /metrics and the Site health page.
  const mailer = countingMailer(
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'outbox'),
      connections: config.MAIL_CONCURRENCY,
    }),
  );
  // Instances starting together take turns to load the demo data, make the organiser and set up the job queue.
  const jobs = await withStartupLock(database, async () => {
    if (loadsDemoData(config)) {
      const seeded = await seedDemoIfEmpty(database.db, { production: config.NODE_ENV === 'production' });
      // Never a password: the console is the log.
      if (seeded) log.info(demoLoadedLine(seeded));
    }
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const outcome = await ensureAdmin({ db: database.db, mailer, config }, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
      log.info(
        outcome === 'promoted'
          ? 'existing user promoted to admin; sessions ended, a link to set a new password was e-mailed'
          : `admin account ready (${outcome})`,
      );
    }
    return startJobs(database, log);
  });
  log.info(`e-mail: ${mailer.description}${config.SMTP_URL ? '' : ' (set SMTP_URL to send real mail)'}`);
  const app = await buildApp({
    config,
    database,
    mailer,
    jobs,
    sessionSecret: resolveSessionSecret(config, (m) => log.warn(m)),
    logger: { level: config.LOG_LEVEL },
  });
  // Before listening: a database that goes away while the workers start fails the start here,
  // where nothing is served yet, rather than taking down a site that already answers.
  // Each worker makes its queue: instances starting together would deadlock making them at once.
  await withStartupLock(database, () => startWorkers(app));
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(`site ready on http://localhost:${config.PORT}`);
  // SIGTERM, SIGINT, other terminating signals and uncaught errors all stop the site the same way;
  // an uncaught error exits 1 once it is logged and everything is closed.
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS, logger: log }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'uncaught error: shutting down');
    else log.info(`${signal ?? 'exit'}: shutting down`);
    // The app's close lets the bulk mailer finish the message in hand on each lane.
    await app.close().catch(() => {});
    await jobs.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => {});
    mailer.close();
    // The embedded PostgreSQL stops with a checkpoint, so the next start needs no recovery.
    await database.close().catch(() => {});
  });
}
