import path from 'node:path';
import pino from 'pino';
import { loadConfig, ConfigError } from './config';
import { openDatabase, DatabaseInUseError } from './db/open';
import { PgliteMigrationError } from './db/pglite-migration';
import { buildApp } from './app';
import { createMailer } from './services/mail';
import { startJobs } from './services/jobs';
import { startWorkers } from './services/workers';
import { resolveSessionSecret } from './session-secret';
import { seedDemoIfEmpty } from './db/seed/demo';
import { ensureAdmin } from './db/seed/admin';

/** Starts the site: config, database, migrations, demo data, jobs, HTTP. Stops cleanly on SIGTERM. */
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(config, (m) => log.warn(m));
  log.info(`database: ${config.embedded ? `embedded PostgreSQL in ${config.dataDir}/postgres` : 'PostgreSQL'}`);

  const seedDemo = config.SEED_DEMO ?? config.embedded;
  if (seedDemo) {
    const production = config.NODE_ENV === 'production';
    const seeded = await seedDemoIfEmpty(database.db, { production });
    if (seeded && production) {
      // Shown once on the console, outside the structured log: the password is random and known nowhere else.
      process.stdout.write(
        `demo data loaded; organiser login ${seeded.adminEmail} with the random password ${seeded.adminPassword} (shown only now)\n`,
      );
    } else if (seeded) {
      log.info(
        `demo data loaded; demo admin login: ${seeded.adminEmail} / ${seeded.adminPassword}; demo rallier: ${seeded.rallierEmail} / ${seeded.rallierPassword}`,
      );
    }
  }
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
    connections: config.MAIL_CONCURRENCY,
  });
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const outcome = await ensureAdmin({ db: database.db, mailer, config }, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    log.info(
      outcome === 'promoted'
        ? 'existing user promoted to admin; sessions ended, a link to set a new password was e-mailed'
        : `admin account ready (${outcome})`,
    );
  }
  log.info(`e-mail: ${mailer.description}${config.SMTP_URL ? '' : ' (set SMTP_URL to send real mail)'}`);
  const jobs = await startJobs(database, log);
  const app = await buildApp({
    config,
    database,
    mailer,
    jobs,
    sessionSecret: resolveSessionSecret(config, (m) => log.warn(m)),
    logger: { level: config.LOG_LEVEL },
  });
  await startWorkers(app);
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(`site ready on http://localhost:${config.PORT}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    await app.close().catch(() => {});
    await jobs.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => {});
    mailer.close();
    await database.close().catch(() => {});
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseInUseError || err instanceof PgliteMigrationError) {
    console.error(err.message);
  } else {
    console.error('start failed:', err);
  }
  process.exit(1);
});
