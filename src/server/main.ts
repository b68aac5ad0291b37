import path from 'node:path';
import pino from 'pino';
import { loadConfig, ConfigError } from './config';
import { openDatabase, DatabaseInUseError } from './db/open';
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
  const database = await openDatabase(config);
  log.info(`database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`);

  const seedDemo = config.SEED_DEMO ?? config.embedded;
  if (seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) log.info(`demo data loaded; demo admin login: ${seeded.adminEmail} / ${seeded.adminPassword}; demo rallier: ${seeded.rallierEmail} / ${seeded.adminPassword}`);
  }
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    log.info(`admin account ready: ${config.ADMIN_EMAIL}`);
  }

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.dataDir, 'outbox'), connections: config.MAIL_CONCURRENCY });
  log.info(`e-mail: ${mailer.description}${config.SMTP_URL ? '' : ' (set SMTP_URL to send real mail)'}`);
  const jobs = await startJobs(database, log);
  const app = await buildApp({
    config, database, mailer, jobs,
    sessionSecret: resolveSessionSecret(config, (m) => log.warn(m)),
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] },
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
  if (err instanceof ConfigError || err instanceof DatabaseInUseError) {
    console.error(err.message);
  } else {
    console.error('start failed:', err);
  }
  process.exit(1);
});
