/**
 * The site's entry. It starts the embedded PostgreSQL first and loads the rest of the site's code
 * (start-site.ts) while that server starts, so a start waits for the slower of the two rather than
 * for both. This file imports only what that needs.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
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

/**
 * The port is tried before the database starts: a port in use would otherwise be found only once
 * everything else had started (seconds, and a first start's initdb).
 */
async function assertPortFree(config: Config) {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.PORT, host: config.HOST, exclusive: true }, () => resolve());
  }).catch((err: NodeJS.ErrnoException) => {
    const where = `port ${config.PORT} on ${config.HOST}`;
    if (err.code === 'EADDRINUSE')
      throw new StartError(
        `The ${where} is in use by another process (is the site already running?). Stop it, or set PORT to a free port.`,
      );
    if (err.code === 'EACCES')
      throw new StartError(`Not allowed to listen on ${where} (ports below 1024 need privileges). Set PORT to 1024 or above.`);
    if (err.code === 'EADDRNOTAVAIL')
      throw new StartError(`${config.HOST} (HOST) is not an address of this machine. Set HOST to one of its addresses, or 0.0.0.0.`);
    throw err;
  });
  await new Promise((resolve) => server.close(resolve));
}

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  await assertPortFree(config);
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
    // One line: what failed. The stack is for a developer, with LOG_LEVEL=debug.
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    console.error(`start failed: ${message} (LOG_LEVEL=debug shows where).`);
    if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(err);
  }
  process.exit(1);
});
