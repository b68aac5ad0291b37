import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { formatPence } from '../src/common/money';
import type { PastRally } from '../src/common/schemas/past-rallies';
import { DEMO_ADMIN } from './support/env';
import { expectAccessible, rallySettings, unique } from './support/helpers';
import { addDonation, adminApi, createTeam } from './support/fundraising';
import { test } from './support/signed-in';

// Long journeys through many screens; the default 30 s is tight on a busy machine.
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 800 } });

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin areas' });
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

/** Each area of the admin workspace: its link in the sidebar, its address and its page's heading. */
const areas = [
  ['Registrations', '/admin', 'Admin Panel'],
  ['Donations ledger', '/admin/donations', 'Donations'],
  ['Team e-mail', '/admin/team-email', 'Team e-mail'],
  ['Contacts', '/admin/contacts', 'Contacts'],
  ['Mailing list', '/admin/mailing-list', 'Mailing List'],
  ['Historic ralliers', '/admin/historic-emails', 'Historic Rallier Database'],
  ['Clues', '/admin/clues', 'Clues'],
  ['Results & winners', '/admin/results', 'Results & winners'],
  ['Rally history', '/admin/past-rallies', 'Rally History'],
  ['Home page content', '/admin/home-page', 'Home page content'],
  ['Rally settings', '/admin/settings', 'Rally Settings'],
  ['Privacy requests', '/admin/privacy', 'Privacy requests'],
  ['Audit log', '/admin/audit', 'Audit log'],
  ['Site health', '/admin/site-health', 'Site health'],
] as const;

test('an organiser walks the admin sidebar to every area at 1280 px, the current one marked', async ({ page, signIn }) => {
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  await expect(sidebar(page)).toBeVisible();
  // The phone's menu is not shown beside the sidebar.
  await expect(page.getByText('Admin menu')).toBeHidden();
  for (const [label, path, heading] of areas) {
    await sidebar(page).getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(sidebar(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);
    await noSidewaysScroll(page);
  }
  await expectAccessible(page);
});

test('the registrations table shows the day each team registered', async ({ page, signIn }) => {
  const api = await adminApi();
  const team = await createTeam(api, { teamName: `Dated Team ${unique()}` });
  const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Jersey' }).format(
    new Date(),
  );
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Registrations' });
  await expect(table.getByRole('columnheader', { name: 'Registered on' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: team.teamName })).toContainText(today);
  // Newest first when sorted by that column, twice.
  await table.getByRole('button', { name: 'Registered on' }).click();
  await table.getByRole('button', { name: 'Registered on' }).click();
  await expect(table.getByRole('columnheader', { name: 'Registered on' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText(today);
  await api.dispose();
});

test('a past rally starts at a sensible year with its route id, takes an uploaded cover, and the results picker offers only rally years', async ({
  page,
  signIn,
}) => {
  const { year: season } = await rallySettings(page.request);
  const rallyYears = ((await (await page.request.get('/api/past-rallies')).json()) as PastRally[]).map((r) => r.year);
  // The latest year before the season without a rally (usually last year).
  let expected = season - 1;
  while (rallyYears.includes(expected)) expected -= 1;

  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin/past-rallies');
  const add = page.getByRole('form', { name: 'New rally' });
  await expect(add.getByLabel('Year')).toHaveValue(String(expected));
  const routeId = add.getByRole('status', { name: 'Route id' });
  await expect(routeId).toHaveText(`y${expected}`);
  // The route id follows the year typed.
  await add.getByLabel('Year').fill(String(expected - 1));
  await expect(routeId).toHaveText(`y${expected - 1}`);
  await add.getByLabel('Year').fill(String(expected));
  await expect(routeId).toHaveText(`y${expected}`);

  await add.getByLabel('Destination').fill('Porto, Portugal');
  await add.getByLabel('Title').fill('Atlantic Run');
  await add.getByLabel('Description').fill('Down the Atlantic coast to Porto.');
  await add.getByLabel('Distance').fill('1,950 km');
  await add.getByLabel('Duration').fill('31h');
  const cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1f4e86' } })
    .jpeg()
    .toBuffer();
  await add.getByLabel('Upload a cover image').setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover });
  // Uploaded, then re-encoded on the server.
  await expect(toast(page)).toContainText('Cover image uploaded', { timeout: 30_000 });
  await expect(add.getByLabel('Cover image', { exact: true })).toHaveValue(/^\/uploads\/rallies\/covers\/.+\.webp$/);
  const coverUrl = await add.getByLabel('Cover image', { exact: true }).inputValue();
  await add.getByRole('button', { name: 'Add Rally' }).click();
  await expect(toast(page)).toContainText('Rally added');
  await expectAccessible(page);

  // A rally with photos offers them as the cover.
  await page.getByRole('button', { name: 'Edit 2018' }).click();
  const edit2018 = page.getByRole('form', { name: '2018 rally' });
  // The radio is drawn as its photo; the photo is what is clicked.
  await edit2018.getByRole('radio', { name: /^Use photo 2 as the cover/ }).check({ force: true });
  await expect(edit2018.getByLabel('Cover image', { exact: true })).toHaveValue('/images/rallies/2018/gallery-02.webp');
  // The editor's own Close (a toast may also offer one).
  await page.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();

  // Its page shows the distance and duration; nothing was raised for it on this site, so no figure.
  await page.goto(`/rally/${expected}`);
  await expect(page.getByRole('heading', { name: 'Atlantic Run' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Porto, Portugal ${expected}: Atlantic Run` })).toHaveAttribute('src', coverUrl);
  await expect(page.getByText('Total distance')).toBeVisible();
  await expect(page.getByText('1,950 km')).toBeVisible();
  await expect(page.getByText('31h')).toBeVisible();
  await expect(page.getByText('Raised for charity')).toHaveCount(0);

  // The results year picker offers the years with a rally: the season, the new one, the history; not 2014.
  await page.goto('/admin/results');
  const picker = page.getByLabel('Rally year');
  await expect(picker.locator('option', { hasText: String(expected) })).toHaveCount(1);
  const offered = (await picker.locator('option').allTextContents()).map(Number);
  expect(offered[0]).toBe(season);
  expect(offered).toContain(2018);
  expect(offered).not.toContain(2014);
  for (const year of offered) expect(year === season || [...rallyYears, expected].includes(year)).toBe(true);
  expect(offered).toEqual([...offered].sort((a, b) => b - a));

  // The rally leaves the site again, so other journeys see the built-in ones.
  const api = await adminApi();
  expect((await api.delete(`/api/admin/past-rallies/${expected}`)).status()).toBe(200);
  await api.dispose();
});

test("a published rally's page shows what its teams raised, and its distance and duration once known", async ({ page, signIn }) => {
  const { year } = await rallySettings(page.request);
  const api = await adminApi();
  const team = await createTeam(api, { teamName: `Raised Team ${unique()}` });
  expect((await api.patch(`/api/admin/registrations/${team.id}/status`, { data: { status: 'confirmed' } })).status()).toBe(200);
  await addDonation(api, team.id, 12_345);
  // A result far below other journeys' ranks, then the year is published: the rally joins the history.
  const place = 500 + Math.floor(Math.random() * 400);
  const saved = await api.put(`/api/admin/results/${year}`, {
    data: { results: [{ signupId: team.id, rank: place, carNumber: place, score: 1 }] },
  });
  expect(saved.status()).toBe(200);
  expect((await api.post(`/api/admin/results/${year}/publish`)).status()).toBe(200);
  const rally = ((await (await page.request.get('/api/past-rallies')).json()) as PastRally[]).find((r) => r.year === year)!;
  expect(rally.raisedPence).toBeGreaterThanOrEqual(12_345);

  await page.goto(`/rally/${year}`);
  const raised = page.getByRole('definition').filter({ hasText: '£' });
  await expect(page.getByText('Raised for charity')).toBeVisible();
  await expect(raised).toHaveText(formatPence(rally.raisedPence!));
  // Not typed in yet: left out rather than shown empty.
  await expect(page.getByText('Total distance')).toHaveCount(0);
  await expect(page.getByText('Duration', { exact: true })).toHaveCount(0);

  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin/past-rallies');
  await page.getByRole('button', { name: `Edit ${year}` }).click();
  const form = page.getByRole('form', { name: `${year} rally` });
  await form.getByLabel('Distance').fill('1,336 km');
  await form.getByLabel('Duration').fill('24h');
  await form.getByRole('button', { name: 'Save Rally' }).click();
  await expect(toast(page)).toContainText('Rally saved');

  await page.goto(`/rally/${year}`);
  await expect(page.getByText('1,336 km')).toBeVisible();
  await expect(page.getByText('24h')).toBeVisible();
  await expect(page.getByText('Raised for charity')).toBeVisible();

  // The year's winners row and rally page leave the site again, so other journeys see the built-in content.
  expect([200, 404]).toContain((await api.delete(`/api/admin/winners/${year}`)).status());
  expect((await api.delete(`/api/admin/past-rallies/${year}`)).status()).toBe(200);
  await api.dispose();
});
