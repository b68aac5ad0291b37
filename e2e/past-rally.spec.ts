import { test, expect } from '@playwright/test';

test('a past rally page shows its story, gallery, route and participants', async ({ page }) => {
  await page.goto('/rally/2018');
  await expect(page.getByRole('link', { name: 'Back to Rally History' })).toHaveAttribute('href', '/#history');
  await expect(page.getByRole('heading', { level: 1, name: 'Return to Monaco' })).toBeVisible();
  await expect(page.getByText('Jersey Charity Rally 2018 • Monaco')).toBeVisible();
  await expect(page.getByText('1,421 km')).toBeVisible();
  await expect(page.getByText('22.1h')).toBeVisible();

  const frame = page.getByTitle('2018 Rally Route');
  // The map loads once it is near the screen.
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toHaveAttribute('src', '/embeds/route-map?route=y2018&duration=3');
  await expect(frame).toHaveAttribute('height', '480');
  await expect(page.frameLocator('iframe[title="2018 Rally Route"]').getByText('Monaco', { exact: true })).toBeVisible();

  await expect(page.getByRole('heading', { name: '2018 Participants' })).toBeVisible();
  const rows = page.getByRole('region', { name: '2018 participants table' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const headers = await page.getByRole('region', { name: '2018 participants table' }).locator('th').allInnerTexts();
  expect(headers).toEqual(['Rank', 'Team Name', 'Driver', 'Co-Driver', 'Car Model', 'Score']);
  // Names show only when both parts exist; otherwise a dash.
  for (const name of await rows.locator('td:nth-child(3)').allInnerTexts()) expect(name.trim()).toMatch(/^(-|\S+( \S+)+)$/);
});

test('the gallery pages through photos and the lightbox works with the keyboard', async ({ page }) => {
  await page.goto('/rally/2018');
  await expect(page.getByRole('heading', { name: 'Rally Gallery' })).toBeVisible();
  await expect(page.getByText('Showing 1-12 of 44 photos')).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Gallery pages' });
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 13-24 of 44 photos')).toBeVisible();
  await pages.getByRole('button', { name: 'Page 4' }).click();
  await expect(page.getByText('Showing 37-44 of 44 photos')).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Page 1' }).click();

  // Open the 12th photo, step onto the next page, then wrap around from the first to the last.
  await page.getByRole('button', { name: 'Monaco 2018, photo 12' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('12 / 44')).toBeVisible();
  await expect(dialog.getByText('Monaco 2018, photo 12', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText('13 / 44')).toBeVisible();
  await expect(page.getByText('Showing 13-24 of 44 photos')).toBeAttached();
  await dialog.getByRole('button', { name: 'Previous photo' }).click();
  await expect(dialog.getByText('12 / 44')).toBeVisible();
  await expect(page.getByText('Showing 1-12 of 44 photos')).toBeAttached();
  for (let i = 0; i < 11; i++) await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText('1 / 44')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText('44 / 44')).toBeVisible();
  await expect(page.getByText('Showing 37-44 of 44 photos')).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText('1 / 44')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Showing 1-12 of 44 photos')).toBeVisible();
});

test('a rally without photos has no gallery, and /rally defaults to 2018', async ({ page }) => {
  await page.goto('/rally/2008');
  await expect(page.getByRole('heading', { level: 1, name: 'The Beginning' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rally Gallery' })).toHaveCount(0);
  await page.goto('/rally');
  await expect(page.getByRole('heading', { level: 1, name: 'Return to Monaco' })).toBeVisible();
});

test('moving to another rally year starts at the top of the page', async ({ page }) => {
  await page.goto('/rally/2017');
  await page.getByRole('heading', { name: '2017 Participants' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Previous Rallies' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /2016 San Sebastian/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Spanish Coast & New Challenges' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('an unknown year shows Rally Not Found with a way home', async ({ page }) => {
  await page.goto('/rally/2014');
  await expect(page.getByRole('heading', { name: 'Rally Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/rally/not-a-year');
  await expect(page.getByRole('heading', { name: 'Rally Not Found' })).toBeVisible();
});
