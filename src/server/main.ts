/**
 * The site's entry. It starts the embedded PostgreSQL first and loads the rest of the site's code
 * (start-site.ts) while that server starts, so a start waits for the slower of the two rather than
 * for both. This file imports only what that needs.
 */
import { mkdirSync } from 'node:fs';
import pino from 'pino';
import { loadConfig, type Config } from './config';
import { startDatabaseServer } from './db/database-server';
import { isDiskFull } from './db/unavailable';
import { freeDiskMb } from './services/free-disk';
import { StartError } from './errors';

/** A warning, not a refusal: the site may still serve pages, but writes and uploads will soon fail. */
async function warnIfDiskLow(config: Config, log: pino.Logger) {
  mkdirSync(config.dataDir, { recursive: true });
  const free = await freeDiskMb(config.dataDir).catch(() => null);
  if (free !== null && free < config.MIN_FREE_DISK_MB)
    log.warn(
      `only ${free} MB free on the disk holding ${config.dataDir} (MIN_FREE_DISK_MB is ${config.MIN_FREE_DISK_MB}): /health/ready reports not ready until space is freed`,
    );
}

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  await warnIfDiskLow(config, log);
  const server = startDatabaseServer(config, (m) => log.warn(m));
  // Its failure is reported where startSite awaits it; this only keeps it from counting as unhandled meanwhile.
  server.catch(() => {});
  const { startSite } = await import('./start-site');
  await startSite(config, log, server);
}

main().catch((err) => {
  if (err instanceof StartError) {
    console.error(err.message);
  } else if (isDiskFull(err)) {
    console.error(
      `start failed: the disk is full (${(err as Error).message}). Free some space on the disk holding DATA_DIR or the database, then start again.`,
    );
  } else {
    console.error('start failed:', err);
  }
  process.exit(1);
});
