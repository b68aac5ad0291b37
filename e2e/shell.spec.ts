import { test, expect } from '@playwright/test';

test('the home page renders its navigation', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Log In' })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a donate link whose team id is not a number shows Team Not Found, as the server answers', async ({ page, request }) => {
  expect((await request.get('/api/public/signup/1abc')).status()).toBe(404);
  await page.goto('/donate/1abc');
  await expect(page.getByRole('heading', { name: 'Team Not Found' })).toBeVisible();
});
