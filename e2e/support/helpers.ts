import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { RallySettings } from '../../src/common/schemas/rally-settings';
import AxeBuilder from '@axe-core/playwright';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { currentSite, dataDirOf } from './signed-in';

/** A value no other run or journey uses, for e-mail addresses and team names. */
export const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Fails on serious or critical accessibility violations of the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Logs in through the login screen. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /^log in$/i }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * The raw text of every message in the file outbox sent to this address, newest last; `dataDir` is
 * the server's data folder, by default that of the journey's own site.
 */
export function outboxMessagesTo(address: string, dataDir = dataDirOf(currentSite())): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(m));
}

/**
 * The path of the newest verification link e-mailed to this address. The link's origin is the
 * server's PUBLIC_URL (localhost here), so only its path is opened, on the test's own origin.
 */
export async function verificationPathFor(address: string, dataDir = dataDirOf(currentSite())): Promise<string> {
  const newest = () =>
    outboxMessagesTo(address, dataDir)
      .filter((m) => /^Subject: Confirm your e-mail address/m.test(m))
      .at(-1);
  await expect.poll(() => Boolean(newest()), { timeout: 10_000 }).toBe(true);
  const mail = await simpleParser(newest()!);
  const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** The path of the newest team-invitation link e-mailed to the address (opened on the test's own origin). */
export async function invitationPathFor(address: string): Promise<string> {
  const pattern = /https?:\/\/\S+\/team-invitation\?token=[\w-]+/;
  // Parsed first: the raw message may be quoted-printable, where "=" is written "=3D".
  const newest = async () => {
    const texts = await Promise.all(outboxMessagesTo(address).map(async (m) => (await simpleParser(m)).text ?? ''));
    return texts
      .map((t) => pattern.exec(t)?.[0])
      .filter(Boolean)
      .at(-1);
  };
  await expect.poll(async () => Boolean(await newest()), { timeout: 10_000 }).toBe(true);
  const link = new URL((await newest())!);
  return link.pathname + link.search;
}

/**
 * A driver who has an account, confirms the address from the outbox and registers a team of this
 * year, left on their dashboard. The account is made through the API (the browser keeps its
 * session cookie): signing up through the screen is the accounts journeys' subject, not these.
 */
export async function driverWithTeam(page: Page, who: { firstName: string; lastName: string; email: string; teamName: string }) {
  const account = { email: who.email, password: 'rally-pass-2026', firstName: who.firstName, lastName: who.lastName };
  expect((await page.request.post('/api/auth/register', { data: account })).status()).toBe(201);
  await page.goto(await verificationPathFor(who.email));
  await page.waitForURL('**/dashboard');
  const created = await page.request.post('/api/signups', {
    data: {
      teamName: who.teamName,
      driverFirstName: who.firstName,
      driverLastName: who.lastName,
      driverEmail: who.email,
      driverPhone: '07700 900331',
      driverAddress: '3 Test Road, St Ouen',
      emergencyContactName: 'Jo',
      emergencyContactPhone: '07700 900332',
      emergencyContactRelationship: 'Sister',
    },
  });
  expect(created.status()).toBe(201);
  await page.reload();
}

/** The rally settings the site is running with, as every page reads them. */
export async function rallySettings(request: APIRequestContext): Promise<RallySettings> {
  return (await request.get('/api/settings')).json() as Promise<RallySettings>;
}

/**
 * Opens a page as a visitor arriving from another page of the site: its data is fetched by the
 * browser, so a journey's `page.route` answers it. (A page opened by its address arrives
 * server-rendered with its public data already in it.)
 */
export async function arriveFromSite(page: Page, address: string) {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // What a link in the navigation does (wouter moves on history.pushState).
  await page.evaluate((to) => history.pushState(null, '', to), address);
}

/**
 * Holds an API answer back until the journey has seen the loading state, then lets it through when
 * the returned function is called: no guess at how long the page takes to show it.
 */
export async function holdAnswer(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Opens the rally app and waits until its code runs: the server draws the team's page, so its
 * clues show before the app can take an act (its fields wait for it), and a journey that goes
 * offline next needs the app started first, as a phone whose signal drops then would.
 */
export async function openRallyApp(page: Page, address = '/rally-app') {
  await page.goto(address);
  await expect(page.locator('#root')).not.toHaveAttribute('data-ssr');
}

let watched = 0;
/**
 * `shown` settles once the page has shown this text, however briefly. Watched in the page itself: a
 * locator's polling waits for a navigation the page has started to finish, so a notice shown just
 * before the page moves on (and the next page held back by `holdAnswer`) would never be seen.
 */
export async function watchForText(page: Page, text: string): Promise<{ shown: Promise<void> }> {
  const binding = `textShown${++watched}`;
  let seen!: () => void;
  const shown = new Promise<void>((resolve) => (seen = resolve));
  await page.exposeFunction(binding, () => seen());
  await page.addInitScript(
    ({ binding, text }) => {
      const tell = (window as unknown as Record<string, () => void>)[binding]!;
      const look = () => (document.body?.textContent?.includes(text) ? (tell(), true) : false);
      const observer = new MutationObserver(() => look() && observer.disconnect());
      document.addEventListener('DOMContentLoaded', () => {
        if (!look()) observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    },
    { binding, text },
  );
  return { shown };
}
