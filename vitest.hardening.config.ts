import { defineConfig } from 'vitest/config';

/** The hardening suite: the built site as real processes on PostgreSQL (see hardening/). */
export default defineConfig({
  test: {
    include: ['hardening/**/*.hardening.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
