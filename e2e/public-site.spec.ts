import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_RALLIER } from './support/env';
import { test } from './support/signed-in';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Distance from the top of the viewport to a section's top (the fixed bar is 80 px). */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((i) => Math.round(document.getElementById(i)!.getBoundingClientRect().top), id);

test('the navigation bar menus, scroll buttons and previous rallies', async ({ page }) => {
  await page.goto('/');
  await nav(page).getByRole('button', { name: 'This Year' }).click();
  await expect(nav(page).getByRole('link', { name: "Who's Registered" })).toHaveAttribute('href', '/teams');
  await expect(nav(page).getByRole('link', { name: 'Fundraising' })).toHaveAttribute('href', '/leaderboard');
  await nav(page).getByRole('link', { name: '2026 Cannes Overview' }).click();
  await expect(page).toHaveURL(/\/this-year$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('St Malo to Cannes');

  // From another page the scroll buttons go to the home page's section.
  await nav(page).getByRole('button', { name: 'Winners' }).click();
  await expect(page).toHaveURL(/\/#winners$/);
  await expect(page.getByRole('heading', { name: 'Rally Champions' })).toBeInViewport();
  await expect.poll(() => sectionTop(page, 'winners')).toBe(80);

  // On the home page they scroll in place, 80 px below the top.
  await nav(page).getByRole('button', { name: 'Stats' }).click();
  await expect.poll(() => sectionTop(page, 'rally-stats')).toBe(80);

  await nav(page).getByRole('button', { name: 'Previous Rallies' }).click();
  await nav(page)
    .getByRole('link', { name: /2017 Milan/ })
    .click();
  await expect(page).toHaveURL(/\/rally\/2017$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Italian Splendor' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Sign Up 2026' })).toHaveAttribute('href', '/signup');
});

test('signed-in visitors get a user menu, with Admin Panel only for admins', async ({ page, signIn }) => {
  await signIn(page, DEMO_RALLIER.email);
  await page.goto('/about');
  await expect(nav(page).getByRole('link', { name: 'Log In' })).toHaveCount(0);
  await nav(page).getByRole('button', { name: 'Olivia' }).click();
  await expect(nav(page).getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(nav(page).getByRole('link', { name: 'Log Out' })).toHaveAttribute('href', '/logout');
  await expect(nav(page).getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(nav(page).getByRole('link', { name: 'My Dashboard' })).toBeHidden();

  await page.context().clearCookies();
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/about');
  await nav(page).getByRole('button', { name: 'Demo' }).click();
  await expect(nav(page).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
});

test('the Rally Champions table sorts by each column', async ({ page }) => {
  await page.goto('/#winners');
  const table = page.locator('#winners table');
  const column = (n: number) => table.locator(`tbody tr td:nth-child(${n})`).allInnerTexts();
  // The rows come from GET /api/winners; read them once they are there.
  await expect(table.getByRole('link', { name: 'View 2018 participants' })).toBeVisible();
  let years = (await column(1)).map((t) => Number(t.trim()));
  expect(years).toEqual([...years].sort((a, b) => b - a));
  await expect(table.getByRole('columnheader', { name: 'Year' })).toHaveAttribute('aria-sort', 'descending');

  // Each column is read once its header says the new order (the table may still be hydrating).
  await table.getByRole('button', { name: 'Year' }).click();
  await expect(table.getByRole('columnheader', { name: 'Year' })).toHaveAttribute('aria-sort', 'ascending');
  years = (await column(1)).map((t) => Number(t.trim()));
  expect(years[0]).toBe(2008);
  expect(years).toEqual([...years].sort((a, b) => a - b));

  await table.getByRole('button', { name: 'Team Name' }).click();
  await expect(table.getByRole('columnheader', { name: 'Team Name' })).toHaveAttribute('aria-sort', 'ascending');
  const teams = await column(4);
  expect(teams).toEqual([...teams].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));
  await table.getByRole('button', { name: 'Team Name' }).click();
  await expect(table.getByRole('columnheader', { name: 'Team Name' })).toHaveAttribute('aria-sort', 'descending');
  expect(await column(4)).toEqual([...teams].reverse());

  await table.getByRole('button', { name: 'Destination' }).click();
  await expect(table.getByRole('columnheader', { name: 'Destination' })).toHaveAttribute('aria-sort', 'ascending');
  const places = await column(2);
  expect(places[0]).toBe('Barcelona, Spain');
  await table.getByRole('button', { name: 'Winners' }).click();
  await expect(table.getByRole('columnheader', { name: 'Winners' })).toHaveAttribute('aria-sort', 'ascending');
  const names = await column(3);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));
});

test('the participants table searches, filters by year and follows a #participants hash', async ({ page }) => {
  await page.goto('/#participants?year=2013');
  const section = page.locator('#participants');
  const year = section.getByLabel('Year');
  await expect(year).toHaveValue('2013');
  await expect(section.getByRole('heading', { name: 'Rally Participants' })).toBeInViewport();
  const years = await section.locator('tbody tr td:first-child').allInnerTexts();
  expect(years.length).toBeGreaterThan(0);
  expect(new Set(years)).toEqual(new Set(['2013']));
  const footer = section.getByText(/^Showing \d+ of \d+ participants$/);
  await expect(footer).toHaveText(new RegExp(`^Showing ${years.length} of \\d+ participants$`));

  // The year options: All Years, then each year newest first.
  const options = await year.locator('option').allInnerTexts();
  expect(options[0]).toBe('All Years');
  expect(options.slice(1)).toEqual([...options.slice(1)].sort((a, b) => Number(b) - Number(a)));

  // Search is case-insensitive over team, driver and co-driver full names and car model.
  await year.selectOption('all');
  const firstRow = section.locator('tbody tr').first().locator('td');
  const driver = (await firstRow.nth(4).innerText()).trim();
  await section.getByPlaceholder('Search by team, driver, or car...').fill(driver.toUpperCase());
  const drivers = await section
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => `${r.children[4]?.textContent} ${r.children[5]?.textContent}`.toLowerCase()));
  expect(drivers.length).toBeGreaterThan(0);
  for (const d of drivers) expect(d).toContain(driver.toLowerCase());
  await section.getByPlaceholder('Search by team, driver, or car...').fill('no such rallier zzz');
  await expect(section.getByText('No participants found')).toBeVisible();
  await expect(footer).toHaveText(/^Showing 0 of \d+ participants$/);

  // A View link in the winners table sets the year and scrolls to the table.
  await section.getByPlaceholder('Search by team, driver, or car...').fill('');
  await page.locator('#winners').getByRole('link', { name: 'View 2016 participants' }).click();
  await expect(year).toHaveValue('2016');
  await expect(section.getByRole('heading', { name: 'Rally Participants' })).toBeInViewport();
});

test('without a hash a random available year is preselected', async ({ page }) => {
  await page.goto('/');
  const year = page.locator('#participants').getByLabel('Year');
  // The section comes to life as the visitor scrolls to it (lib/hydrate-when-seen.tsx).
  await year.scrollIntoViewIfNeeded();
  await expect(year).not.toHaveValue('all');
  expect(Number(await year.inputValue())).toBeGreaterThanOrEqual(2008);
});
