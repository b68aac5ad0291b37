import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * The hardening suite (see hardening/): route-driven fuzzing through the app, and the built site as
 * real processes on PostgreSQL under load, faults and two instances.
 */
export default defineConfig({
  resolve: { alias: { '@common': fileURLToPath(new URL('./src/common', import.meta.url)) } },
  test: {
    include: ['hardening/**/*.hardening.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/console-error-fails.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
