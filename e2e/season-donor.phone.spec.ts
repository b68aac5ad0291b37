import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { RallySettings } from '../src/common/schemas/rally-settings';
import { DEMO_RALLIER } from './support/env';
import { expectAccessible, rallySettings } from './support/helpers';
import { addDonation, adminApi, createTeam, type TeamFixture } from './support/fundraising';
import { currentSite, test } from './support/signed-in';

const EVENT_PAGE = 'https://www.justgiving.com/charity/e2e-rally';
const JG_PAGE = 'https://www.justgiving.com/page/e2e-season-donor';

let api: APIRequestContext;
let before: RallySettings;
let online: TeamFixture; // has its own JustGiving page
let offline: TeamFixture; // has none: the event's page with the team reference

/** Saves settings as an organiser does on /admin/settings. */
async function saveSettings(changes: Partial<RallySettings>) {
  const { year: _year, ...current } = await rallySettings(api);
  expect((await api.put('/api/admin/settings', { data: { ...current, ...changes } })).status()).toBe(200);
}

test.beforeAll(async () => {
  api = await adminApi();
  before = await rallySettings(api);
  await saveSettings({ eventGivingUrl: EVENT_PAGE, eventGivingLabel: 'Give by card on the rally page' });
  online = await createTeam(api, { justGivingUrl: JG_PAGE });
  offline = await createTeam(api, {});
  await addDonation(api, online.id, 12_500);
});
test.afterAll(async () => {
  await saveSettings({ eventGivingUrl: before.eventGivingUrl, eventGivingLabel: before.eventGivingLabel });
  await api.dispose();
});

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** navigator.share as the page sees it: missing until a test turns it on, then recording what it is given. */
async function stubShare(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shared: unknown[]; canShare: boolean };
    w.shared = [];
    w.canShare = false;
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      get: () => (w.canShare ? async (data: unknown) => void w.shared.push(data) : undefined),
    });
  });
}
const enableShare = (page: Page) => page.evaluate(() => void ((window as unknown as { canShare: boolean }).canShare = true));
const shared = (page: Page) =>
  page.evaluate(() => (window as unknown as { shared: { title: string; text: string; url: string }[] }).shared);

/** The Donate button is on the first screen, in the same row as the progress bar. */
async function expectDonateAboveTheFold(page: Page, teamName: string) {
  const donate = page.getByRole('link', { name: `Donate to ${teamName}`, exact: false }).first();
  await expect(donate).toBeVisible();
  const button = (await donate.boundingBox())!;
  const bar = (await page.getByRole('progressbar', { name: `Fundraising progress of ${teamName}` }).boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  expect(button.x).toBeGreaterThan(bar.x + bar.width);
  expect(button.y).toBeLessThan(bar.y + bar.height);
  expect(button.y + button.height).toBeGreaterThan(bar.y);
  return donate;
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: currentSite() });
});

test('a donor opens a shared link on a phone, donates from the first screen, shares and copies the bank details', async ({ page }) => {
  await stubShare(page);
  await page.goto(`/donate/${online.id}`);
  await expect(page.getByRole('heading', { level: 1, name: online.teamName })).toBeVisible();
  const donate = await expectDonateAboveTheFold(page, online.teamName);
  await expect(donate).toHaveAttribute('href', JG_PAGE);
  await expect(donate).toHaveAttribute('target', '_blank');
  // A team with its own page does not send donors to the event's.
  await expect(page.getByRole('link', { name: /Give by card on the rally page/ })).toHaveCount(0);
  await expectAccessible(page);

  const link = `${currentSite()}/donate/${online.id}`;
  // No share sheet on this browser: the link is copied.
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page)).toContainText('Link Copied!');
  expect(await clipboard(page)).toBe(link);
  // With a share sheet, the link goes to it.
  await enableShare(page);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => shared(page))
    .toEqual([{ title: `Sponsor ${online.teamName}`, text: expect.stringContaining(online.teamName), url: link }]);

  // Each bank detail copies at a tap, for pasting into a banking app.
  const giving = before.offlineGiving;
  for (const [button, value] of [
    ['Copy sort code', giving.bankSortCode],
    ['Copy account number', giving.bankAccountNumber],
    ['Copy reference', `${giving.referencePrefix}-${online.id}`],
  ]) {
    await page.getByRole('button', { name: button }).click();
    await expect.poll(() => clipboard(page)).toBe(value);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a donor with only a card gives to a team without its own page through the event's page, with the team reference", async ({
  page,
}) => {
  await page.goto(`/donate/${offline.id}`);
  const donate = await expectDonateAboveTheFold(page, offline.teamName);
  await donate.click();
  const ways = page.getByRole('region', { name: 'Ways to give' });
  await expect(ways.getByRole('heading', { name: 'Ways to give' })).toBeInViewport();

  const reference = `${before.offlineGiving.referencePrefix}-${offline.id}`;
  const eventLink = ways.getByRole('link', { name: /Give by card on the rally page/ });
  await expect(eventLink).toHaveAttribute('href', EVENT_PAGE);
  await expect(eventLink).toHaveAttribute('target', '_blank');
  await expect(ways.getByTestId('event-giving')).toContainText(`Use reference ${reference} so your gift counts for ${offline.teamName}`);
  await ways.getByTestId('event-giving').getByRole('button', { name: 'Copy reference' }).click();
  await expect.poll(() => clipboard(page)).toBe(reference);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});

test('the donation thank-you page opened with no donation reads sensibly, and a refused copy shows the link to select', async ({
  page,
}) => {
  await page.goto('/donate/thank-you');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Donation!' })).toBeVisible();
  await expect(page.getByText('We could not tell which donation brought you here.')).toBeVisible();
  await expect(page.getByText(/just sponsored|help the team reach/)).toHaveCount(0);
  await expectAccessible(page);

  // The browser refuses to copy: the link is shown, selected, to copy by hand.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Denied', 'NotAllowedError'));
  });
  await page.getByRole('button', { name: 'Share' }).click();
  const field = page.getByLabel('Copy this link to share');
  await expect(field).toHaveValue(`${currentSite()}/leaderboard`);
  await expect(field).toBeFocused();
  expect(await field.evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!)).toBe(`${currentSite()}/leaderboard`.length);
});

test('a rallier copies the link of their donate page from the dashboard', async ({ page, signIn }) => {
  await signIn(page, DEMO_RALLIER.email);
  await page.goto('/dashboard');
  const mine = (await (await page.request.get('/api/my-signup')).json()) as { id: number; teamName: string };
  const card = page.getByRole('region', { name: 'My donate page' });
  // The dashboard's chunk is the largest of the site: on a slow phone it takes a moment.
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByLabel('Your donate page')).toHaveValue(`${currentSite()}/donate/${mine.id}`);
  await card.getByRole('button', { name: 'Copy link' }).click();
  await expect(toast(page)).toContainText('Link Copied!');
  expect(await clipboard(page)).toBe(`${currentSite()}/donate/${mine.id}`);

  // The copied link opens the team's donate page.
  await page.goto(await clipboard(page));
  await expect(page.getByRole('heading', { level: 1, name: mine.teamName })).toBeVisible();
});
