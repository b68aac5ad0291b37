import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/helpers';

const screens = [
  { path: '/login', heading: 'Log In' },
  { path: '/forgot-password', heading: 'Forgot your password?' },
  { path: '/reset-password?token=phone-check', heading: 'Set a new password' },
  { path: '/logout', heading: "You're Logged Out" },
];

for (const { path, heading } of screens) {
  test(`${path} fits a phone and passes the accessibility check`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
}

test('the login form works from the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  // The server-rendered form takes input once the page is hydrated.
  await expect(page.getByLabel('Email')).toBeEnabled();
  await page.getByLabel('Email').focus();
  await page.keyboard.type('keyboard.user@example.test');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type('no such password');
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .locator('li')
      .first(),
  ).toContainText('Invalid email or password');
});
