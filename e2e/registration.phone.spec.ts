import { test, expect } from '@playwright/test';
import { expectAccessible } from './support/helpers';

test('the registration form works at phone width', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('2026 Team Registration');
  // Nothing may push the page sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('group', { name: 'Have you chosen a co-driver?' }).getByText('Yes', { exact: true }).click();
  await expect(page.getByLabel('Co-driver first name')).toBeVisible();
  await page.getByRole('group', { name: "Do you know what you're going to be driving?" }).getByText('No', { exact: true }).click();
  await expect(page.getByText("OK, we'll check back later")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Team name').fill(`Pocket Rocket ${Date.now()}`);
  await page.getByLabel(/^First name/).fill('Nia');
  await page.getByLabel(/^Last name/).fill('Gallichan');
  await page.getByLabel(/^Email/).fill(`phone-${Date.now()}@example.test`);
  await page.getByLabel(/^Phone/).fill('07700 900321');
  await page.getByLabel(/^Address/).fill('Gorey Pier, Jersey');
  await page.getByLabel('Emergency contact name').fill('Ray Gallichan');
  await page.getByLabel('Emergency contact phone').fill('07700 900654');
  await page.getByLabel('Relationship').fill('Father');
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Complete!' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});
