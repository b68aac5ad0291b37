import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@common': fileURLToPath(new URL('./src/common', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/console-error-fails.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file has a database of its own (fresh PGlite, or a copy of the PostgreSQL template) and
    // no fixed ports or folders, so two files run side by side (the default on 2 cores is one).
    // More than two starve PGlite's start-up (CPU-bound) on a 2-core machine past the hook timeout.
    poolOptions: { forks: { minForks: 1, maxForks: 2 } },
  },
});
