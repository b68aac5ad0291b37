import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * Files that replace a module with vi.mock. Test files share worker processes (`isolate: false`):
 * each file still has a database, an app and mail of its own (test/app.ts), but a worker keeps its
 * loaded modules from one file to the next. A mock would leak into the files after it, so these files run in workers of
 * their own project, which reload every module and drop every mock before each file.
 */
const MOCKING_MODULES = ['src/server/response-schemas.test.ts'];

export default defineConfig({
  resolve: { alias: { '@common': fileURLToPath(new URL('./src/common', import.meta.url)) } },
  test: {
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/scratch-dir.ts', 'src/server/test/console-error-fails.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    isolate: false,
    // Each file has a database of its own (a copy of the migrated template on the embedded
    // PostgreSQL, or TEST_DATABASE_URL's server) and no fixed ports or folders, so two files run side
    // by side (the default on 2 cores is one).
    poolOptions: { forks: { minForks: 1, maxForks: 2 } },
    projects: [
      { extends: true, test: { name: 'shared-modules', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], exclude: MOCKING_MODULES } },
      { extends: true, test: { name: 'mocked-modules', include: MOCKING_MODULES, isolate: true } },
      // Forms drawn in a browser-like document (jsdom), each file with a document of its own.
      // Testing Library is loaded through Vitest (inline) so each file gets a copy bound to its
      // own document; loaded by Node once per worker, it would keep the first file's document.
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
          isolate: true,
          server: { deps: { inline: [/@testing-library\//] } },
        },
      },
    ],
  },
});
