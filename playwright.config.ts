import { defineConfig, devices } from '@playwright/test';
import {
  E2E_DATA_DIR,
  E2E_GOCARDLESS,
  E2E_GOCARDLESS_DATA_DIR,
  E2E_GOCARDLESS_PORT,
  E2E_JUSTGIVING,
  E2E_LIVE_CLOCK,
  E2E_LIVE_DATA_DIR,
  E2E_LIVE_PORT,
  E2E_ORGANISER_DATA_DIR,
  E2E_ORGANISER_PORT,
  E2E_PHONE_DATA_DIR,
  E2E_PHONE_PORT,
  E2E_PORT,
  E2E_RALLY_CLOCK,
  E2E_SEASON_DATA_DIR,
  E2E_SEASON_PORT,
} from './e2e/support/env';

const webDir: Record<string, string> = process.env.WEB_OUT_DIR ? { WEB_DIR: process.env.WEB_OUT_DIR } : {};

// The journeys' sites start as `npm start` starts the site, with its Node flags, as production does.
// What is stale is built here, once, before the sites start (each `npm start` then finds it built).
if (process.env.WEB_OUT_DIR) process.env.WEB_DIR = process.env.WEB_OUT_DIR;
const nodeEnv = process.env.NODE_ENV;
await import('./scripts/build-if-stale');
// Vite's build sets NODE_ENV=production in the process that runs it; `npm start` builds in a process
// of its own, so the sites it starts do not inherit that, and neither may the journeys' sites.
if (nodeEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;
const START = 'npm start';
/**
 * Debian's Chromium in its headless shell (package chromium-headless-shell: Chromium's own headless
 * mode, the one Playwright uses for headless journeys): the journeys took 265 s in it against 355 s
 * in the full browser, which in headless mode still runs its whole display pipeline.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/** The organisers' contacts and mailing-list journeys: the `organiser` project's, on a site of their own. */
const ORGANISER_JOURNEYS = /\/(contacts|historic-mailing|email-composer|import-unmatched)\.spec\.ts$/;

/** The main site (the desktop journeys'), or a copy of it on other data (the phone journeys'). */
function mainSite(port: number, dataDir: string) {
  return {
    command: `rm -rf ${dataDir} && ${START}`,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      ...webDir,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      RALLY_CLOCK: E2E_RALLY_CLOCK,
      MAIL_RATE_PER_SECOND: '1000',
      // Team pages are read from the fake JustGiving; a page counts only once an organiser confirms it.
      JUSTGIVING_APP_ID: E2E_JUSTGIVING.appId,
      JUSTGIVING_API_URL: `http://127.0.0.1:${E2E_JUSTGIVING.fakePort}`,
    },
  };
}

/**
 * Browser journeys in Debian's Chromium against the built server on a fresh embedded database
 * with the demo data. `npm run build` first (CI does). Deposits there go by the external payment
 * link; the GoCardless journeys (`*.gocardless.spec.ts`) run against a second server, with its own
 * data folder, whose GoCardless is the fake one (src/server/test/fake-gocardless.ts). The main site
 * reads team pages from the fake JustGiving (src/server/test/fake-justgiving.ts).
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Two journeys at a time, each on a site of its own: a project's journeys share their site's data
  // and run one after another (each project has one worker), while another project's run beside them.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Journeys walk a person's whole job; on a busy two-core machine the longest take over 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'on-first-retry',
    // A click on something that never appears fails with its reason, instead of using up the test's time.
    actionTimeout: 15_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? HEADLESS_SHELL,
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
    {
      name: 'desktop',
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: [/\.(phone|gocardless|live)\.spec\.ts$/, /season-rollover\.spec\.ts$/, ORGANISER_JOURNEYS],
    },
    {
      // Desktop journeys too, on a site of their own: the desktop journeys were the one line still
      // running when every other project had ended.
      name: 'organiser',
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${E2E_ORGANISER_PORT}` },
      testMatch: ORGANISER_JOURNEYS,
    },
    {
      name: 'phone',
      workers: 1,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, baseURL: `http://127.0.0.1:${E2E_PHONE_PORT}` },
      testMatch: /\.phone\.spec\.ts$/,
    },
    {
      name: 'gocardless',
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${E2E_GOCARDLESS_PORT}` },
      testMatch: /\.gocardless\.spec\.ts$/,
    },
    {
      // The live rally on a phone, against the site whose clock stands on a rally day (env.ts).
      name: 'live',
      workers: 1,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        baseURL: `http://127.0.0.1:${E2E_LIVE_PORT}`,
        permissions: ['geolocation'],
        geolocation: { latitude: 48.649, longitude: -2.026, accuracy: 20 },
      },
      testMatch: /\.live\.spec\.ts$/,
    },
    {
      // Starting a season cannot be undone: this journey has a site of its own (see env.ts), and a
      // retry would meet the season it already started, so it is not retried.
      name: 'season',
      workers: 1,
      retries: 0,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${E2E_SEASON_PORT}` },
      testMatch: /season-rollover\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: `rm -rf ${E2E_LIVE_DATA_DIR} && ${START}`,
      url: `http://127.0.0.1:${E2E_LIVE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        ...webDir,
        PORT: String(E2E_LIVE_PORT),
        DATA_DIR: E2E_LIVE_DATA_DIR,
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        RALLY_CLOCK: E2E_LIVE_CLOCK,
        MAIL_RATE_PER_SECOND: '1000',
      },
    },
    {
      command: `rm -rf ${E2E_SEASON_DATA_DIR} && ${START}`,
      url: `http://127.0.0.1:${E2E_SEASON_PORT}/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        ...webDir,
        PORT: String(E2E_SEASON_PORT),
        DATA_DIR: E2E_SEASON_DATA_DIR,
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        RALLY_CLOCK: E2E_RALLY_CLOCK,
      },
    },
    mainSite(E2E_PORT, E2E_DATA_DIR),
    mainSite(E2E_PHONE_PORT, E2E_PHONE_DATA_DIR),
    mainSite(E2E_ORGANISER_PORT, E2E_ORGANISER_DATA_DIR),
    {
      command: 'tsx e2e/support/fake-justgiving-server.ts',
      // An unknown app id answers 401, which Playwright counts as up.
      url: `http://127.0.0.1:${E2E_JUSTGIVING.fakePort}/ready/v1/fundraising/pages/ready`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'tsx e2e/support/fake-gocardless-server.ts',
      // The fake's API answers 401 without a token, which Playwright counts as up.
      url: `http://127.0.0.1:${E2E_GOCARDLESS.fakePort}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${E2E_GOCARDLESS_DATA_DIR} && ${START}`,
      url: `http://127.0.0.1:${E2E_GOCARDLESS_PORT}/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        ...webDir,
        PORT: String(E2E_GOCARDLESS_PORT),
        // GoCardless returns the payer here, so links must name the address the browser uses (the session cookie's host).
        PUBLIC_URL: `http://127.0.0.1:${E2E_GOCARDLESS_PORT}`,
        DATA_DIR: E2E_GOCARDLESS_DATA_DIR,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        RALLY_CLOCK: E2E_RALLY_CLOCK,
        MAIL_RATE_PER_SECOND: '1000',
        GOCARDLESS_ACCESS_TOKEN: E2E_GOCARDLESS.accessToken,
        GOCARDLESS_BASE_URL: `http://127.0.0.1:${E2E_GOCARDLESS.fakePort}`,
        GOCARDLESS_WEBHOOK_SECRET: E2E_GOCARDLESS.webhookSecret,
      },
    },
  ],
});
