import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** The load test: 200 connections for 30 s, which must see no error, on a machine it has to itself. */
const LOAD = 'hardening/load-and-faults.hardening.ts';

/**
 * The hardening suite (see hardening/): route-driven fuzzing through the app, and the built site as
 * real processes on PostgreSQL under load, faults and two instances.
 *
 * The fault files run two at a time: most of a file's time is spent waiting on processes it
 * started, killed or restarts (sites, clusters, leases), and each has its ports, databases and
 * folders of its own. The load test runs after them, alone, so its figures are the site's own.
 */
export default defineConfig({
  resolve: { alias: { '@common': fileURLToPath(new URL('./src/common', import.meta.url)) } },
  test: {
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/console-error-fails.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    poolOptions: { forks: { minForks: 1, maxForks: 2 } },
    projects: [
      { extends: true, test: { name: 'faults', include: ['hardening/**/*.hardening.ts'], exclude: [LOAD], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'load', include: [LOAD], sequence: { groupOrder: 1 } } },
    ],
  },
});
