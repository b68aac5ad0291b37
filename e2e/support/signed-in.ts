import { test as base, request, type APIRequestContext, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../../src/server/db/embedded-postgres';
import { users } from '../../src/server/db/schema';
import { storeSession } from '../../src/server/test/stored-session';
import {
  E2E_DATA_DIR,
  E2E_GOCARDLESS_DATA_DIR,
  E2E_GOCARDLESS_PORT,
  E2E_LIVE_DATA_DIR,
  E2E_LIVE_PORT,
  E2E_MIDNIGHT_DATA_DIR,
  E2E_MIDNIGHT_PORT,
  E2E_ORGANISER_DATA_DIR,
  E2E_ORGANISER_PORT,
  E2E_PHONE_DATA_DIR,
  E2E_PHONE_PORT,
  E2E_PORT,
  E2E_SEASON_DATA_DIR,
  E2E_SEASON_PORT,
} from './env';

/**
 * Signing in without the login screen, for the journeys that sign in only to get somewhere: the
 * session row is written straight into the site's database and its signed id put in the browser,
 * exactly what a login through the screen leaves behind. The journeys that test signing in
 * (accounts, account-takeover) keep going through the screen.
 *
 * The journeys' sites (playwright.config.ts) keep their embedded PostgreSQL and their session
 * secret in their data folders; nothing in the production server is opened for this.
 */
const dataDirs: Record<string, string> = {
  [`http://127.0.0.1:${E2E_PORT}`]: E2E_DATA_DIR,
  [`http://127.0.0.1:${E2E_GOCARDLESS_PORT}`]: E2E_GOCARDLESS_DATA_DIR,
  [`http://127.0.0.1:${E2E_SEASON_PORT}`]: E2E_SEASON_DATA_DIR,
  [`http://127.0.0.1:${E2E_LIVE_PORT}`]: E2E_LIVE_DATA_DIR,
  [`http://127.0.0.1:${E2E_MIDNIGHT_PORT}`]: E2E_MIDNIGHT_DATA_DIR,
  [`http://127.0.0.1:${E2E_PHONE_PORT}`]: E2E_PHONE_DATA_DIR,
  [`http://127.0.0.1:${E2E_ORGANISER_PORT}`]: E2E_ORGANISER_DATA_DIR,
};

/** The live rally's site, its clock on a rally day (the `live` project). */
export const liveSite = `http://127.0.0.1:${E2E_LIVE_PORT}`;

/** The main site, where the desktop journeys run. */
export const mainSite = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The site of the journey now running (its project's base URL): the phone journeys have a site of
 * their own, so what a journey sets up or reads through the API goes to the site its browser uses.
 */
export function currentSite(): string {
  return (base.info().project.use.baseURL as string | undefined) ?? mainSite;
}

/** The data folder of a journeys' site (its outbox, database and session secret are there). */
export function dataDirOf(site: string): string {
  const dataDir = dataDirs[new URL(site).origin];
  if (!dataDir) throw new Error(`${site} is none of the journeys' sites`);
  return dataDir;
}

/**
 * A new session of the account with this address on the site (its base URL), as the browser's
 * cookie: the id is made and signed the way @fastify/session does it, and stored under its hash.
 */
export async function sessionCookie(site: string, email: string): Promise<Cookie> {
  const dataDir = dataDirOf(site);
  const secret = readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim();
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(path.join(dataDir, 'postgres')) });
  await client.connect();
  try {
    const db = drizzle(client);
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (!user) throw new Error(`no account for ${email} on ${site}`);
    const { name, value, expire } = await storeSession(db, user.id, secret);
    return {
      name,
      value,
      domain: new URL(site).hostname,
      path: '/',
      expires: Math.floor(expire.getTime() / 1000),
      httpOnly: true,
      secure: false,
      sameSite: 'Lax',
    };
  } finally {
    await client.end();
  }
}

/** The browser (a page's context, or a context) signed in as the account with this address on the site. */
export async function signInAs(target: Page | BrowserContext, site: string, email: string): Promise<void> {
  const context = 'context' in target && typeof target.context === 'function' ? target.context() : (target as BrowserContext);
  await context.addCookies([await sessionCookie(site, email)]);
}

/** An API client signed in as the account with this address, for setting up what a journey needs. */
export async function apiAs(email: string, site = currentSite()): Promise<APIRequestContext> {
  return request.newContext({ baseURL: site, storageState: { cookies: [await sessionCookie(site, email)], origins: [] } });
}

/**
 * `test` with `signIn(page or context, email)`: signs that browser in on the test's own site
 * (its project's base URL). It does not navigate.
 */
export const test = base.extend<{ signIn: (target: Page | BrowserContext, email: string) => Promise<void> }>({
  signIn: async ({ baseURL }, use) => {
    await use((target, email) => signInAs(target, baseURL!, email));
  },
});

export { expect } from '@playwright/test';
