import path from 'node:path';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';

/** Derived from the checkout's folder, so two checkouts on one machine never share a port or data. */
const checkout = parseInt(createHash('sha256').update(process.cwd()).digest('hex').slice(0, 6), 16);

export const E2E_PORT = Number(process.env.E2E_PORT ?? 5100 + (checkout % 400));
/** The server's data folder; the file outbox (sent e-mail) is in `outbox/` inside it. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `rally-e2e-data-${checkout.toString(16)}`);
/**
 * The season's clock of every journey's site (RALLY_CLOCK): months before the demo season's rally,
 * while registration is open, whatever today is. The season journey moves the rally around it.
 */
export const E2E_RALLY_CLOCK = '2026-06-01T12:00:00Z';
export const DEMO_ADMIN = { email: 'admin@demo.jerseycharityrally.org', password: 'rally-demo-2026' };
export const DEMO_RALLIER = { email: 'olivia.lesueur@example.je', password: 'rally-demo-2026' };

/**
 * A second site for the GoCardless journeys, with online deposits on: its own port and data folder,
 * talking to the fake GoCardless on another port (the `gocardless` project, `*.gocardless.spec.ts`).
 */
export const E2E_GOCARDLESS_PORT = Number(process.env.E2E_GOCARDLESS_PORT ?? E2E_PORT + 1000);
export const E2E_GOCARDLESS_DATA_DIR = process.env.E2E_GOCARDLESS_DATA_DIR ?? `${E2E_DATA_DIR}-gocardless`;
export const E2E_GOCARDLESS = {
  fakePort: Number(process.env.E2E_FAKE_GOCARDLESS_PORT ?? E2E_PORT + 1500),
  accessToken: 'fake-access-token',
  webhookSecret: 'e2e-webhook-secret',
};

/**
 * A third site for the season roll-over journey (`season-rollover.spec.ts`): starting a season
 * cannot be undone, so it runs on its own data instead of the site the other journeys share.
 */
export const E2E_SEASON_PORT = Number(process.env.E2E_SEASON_PORT ?? E2E_PORT + 2500);
export const E2E_SEASON_DATA_DIR = process.env.E2E_SEASON_DATA_DIR ?? `${E2E_DATA_DIR}-season`;

/**
 * A fourth site for the live rally's journeys (`*.live.spec.ts`, phone viewport): its clock stands
 * on the second day of the demo season's rally (9-12 September 2026), 13:00 in Jersey, so clues are
 * released and teams may answer. Its own data, as these journeys score and post for the demo teams.
 * The phone's clock must agree (`page.clock`): an answer is dated by the phone.
 */
export const E2E_LIVE_PORT = Number(process.env.E2E_LIVE_PORT ?? E2E_PORT + 3000);
export const E2E_LIVE_DATA_DIR = process.env.E2E_LIVE_DATA_DIR ?? `${E2E_DATA_DIR}-live`;
export const E2E_LIVE_CLOCK = '2026-09-10T12:00:00Z';

/**
 * A fifth site, started and restarted by the midnight journey itself (`rally-app-midnight.live.spec.ts`)
 * on its own data: its clock is held at 23:50 on the first rally day, then, after a restart on the
 * same data, at 00:30 the next day, as time passes for a team without signal.
 */
export const E2E_MIDNIGHT_PORT = Number(process.env.E2E_MIDNIGHT_PORT ?? E2E_PORT + 3500);
export const E2E_MIDNIGHT_DATA_DIR = process.env.E2E_MIDNIGHT_DATA_DIR ?? `${E2E_DATA_DIR}-midnight`;

/**
 * A sixth site, for the phone journeys (`*.phone.spec.ts`): the main site's settings on data of its
 * own, so the phone journeys run beside the desktop ones (each site still sees one journey at a time).
 */
export const E2E_PHONE_PORT = Number(process.env.E2E_PHONE_PORT ?? E2E_PORT + 4000);
export const E2E_PHONE_DATA_DIR = process.env.E2E_PHONE_DATA_DIR ?? `${E2E_DATA_DIR}-phone`;

/**
 * A seventh site, for the organisers' contacts and mailing-list journeys (the `organiser` project):
 * the main site's settings on data of its own, so they run beside the other desktop journeys.
 */
export const E2E_ORGANISER_PORT = Number(process.env.E2E_ORGANISER_PORT ?? E2E_PORT + 4500);
export const E2E_ORGANISER_DATA_DIR = process.env.E2E_ORGANISER_DATA_DIR ?? `${E2E_DATA_DIR}-organiser`;

/** The fake JustGiving the main site reads team pages from (`e2e-jg-...` pages exist, with this page's details). */
export const E2E_JUSTGIVING = {
  fakePort: Number(process.env.E2E_FAKE_JUSTGIVING_PORT ?? E2E_PORT + 2000),
  appId: 'e2e-app-id',
  page: { title: 'Driving to Cannes for the Hospice', owner: 'Fern Fundraiser', grandTotalRaisedExcludingGiftAid: '1234.56' },
};
