import { test, expect } from '@playwright/test';
import { DEMO_ADMIN } from './support/env';
import { holdAnswer, logIn, watchForText } from './support/helpers';

test('an organiser without a team lands on the dashboard and sees the way to the admin first', async ({ page }) => {
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  // The first thing under the greeting is the way to the admin, and no invitation to register.
  await expect(page.locator('main h2').first()).toHaveText('Organiser');
  await expect(page.getByText('No Registration Found')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Admin Panel' }).click();
  await page.waitForURL('**/admin');
});

test('an organiser sent to log in from an admin page returns to that page', async ({ page }) => {
  // The notice shows for half a second before the login screen: that screen is held until it is seen.
  const toLogin = await holdAnswer(page, '**/api/auth/login-page*');
  const notice = await watchForText(page, 'You are logged out. Logging in again...');
  await page.goto('/admin/settings');
  await notice.shown;
  toLogin();
  await page.waitForURL('**/login?next=%2Fadmin%2Fsettings');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: /^log in$/i }).click();
  await page.waitForURL('**/admin/settings');
  await expect(page.getByRole('heading', { name: 'Rally Settings' })).toBeVisible();
});
