import { expect } from '@playwright/test';
import { DEMO_ADMIN } from './support/env';
import { expectAccessible } from './support/helpers';
import { test } from './support/signed-in';

test('the admin page fits a phone and its cards open for editing', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '2026 Rally Registrations' })).toBeVisible();
  await page.getByRole('group', { name: 'Show registrations as' }).getByRole('button', { name: 'Cards' }).click();
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  await expect(card.getByText(/^(Complete|Incomplete)$/)).toBeVisible();
  // Nothing wider than the screen: no sideways scrolling on a 390 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  await card.getByRole('button', { name: /^Edit / }).click();
  await expect(card.getByLabel('Team name')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('button', { name: /^Edit / })).toBeVisible();
});
