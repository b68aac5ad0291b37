import { test, expect } from '@playwright/test';

test('a page whose file is gone after a deploy offers a reload that brings it back', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
  // As after a deploy: the about page's file the open tab knows about is no longer on the server.
  let gone = true;
  await page.route(/\/assets\/about-page-[\w-]+\.js$/, (route) =>
    gone ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue(),
  );
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'A new version of the site is available' })).toBeVisible();
  await expect(nav).toBeVisible();

  gone = false;
  await page.getByRole('button', { name: 'Reload page' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { name: 'A new version of the site is available' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: /^About the / })).toBeVisible();
});

test('moving to another page clears the failure', async ({ page }) => {
  await page.goto('/');
  await page.route(/\/assets\/about-page-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
  await nav.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Reload page' })).toBeHidden();
});
