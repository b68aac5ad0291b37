import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from './e2e/support/env';

/**
 * Browser journeys in Debian's Chromium against the built server on a fresh embedded database
 * with the demo data. `npm run build` first (CI does).
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /\.phone\.spec\.ts$/ },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }, testMatch: /\.phone\.spec\.ts$/ },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && tsx src/server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      ...(process.env.WEB_OUT_DIR ? { WEB_DIR: process.env.WEB_OUT_DIR } : {}),
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      MAIL_RATE_PER_SECOND: '1000',
    },
  },
});
