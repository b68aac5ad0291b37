import { test, expect } from '@playwright/test';

test('the home page renders its navigation', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Log In' })).toBeVisible();
});

test('an unknown path answers 404 with the server-rendered 404 page', async ({ page, request }) => {
  for (const path of ['/metrics', '/no/such/page']) {
    const res = await request.get(path);
    expect({ path, status: res.status() }).toEqual({ path, status: 404 });
    expect(await res.text()).toContain('404 Page Not Found');
  }
  expect((await request.get('/api/no/such/thing')).status()).toBe(404);
  expect((await page.goto('/no/such/page'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a donate link whose team id is not a number shows Team Not Found, as the server answers', async ({ page, request }) => {
  expect((await request.get('/api/public/signup/1abc')).status()).toBe(404);
  await page.goto('/donate/1abc');
  await expect(page.getByRole('heading', { name: 'Team Not Found' })).toBeVisible();
});
