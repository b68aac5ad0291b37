import { expect } from '@playwright/test';
import { DEMO_ADMIN } from './support/env';
import { expectAccessible } from './support/helpers';
import { test } from './support/signed-in';

test('on a phone the admin areas are in a compact menu that names the current area', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  // Closed, the menu takes one line and says where the organiser is; the areas are not in the way.
  const menu = page.getByText('Admin menu');
  await expect(menu).toBeVisible();
  await expect(page.getByText('Admin menu: Registrations')).toBeVisible();
  const areas = page.getByRole('navigation', { name: 'Admin areas' });
  await expect(areas).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await menu.click();
  await expect(areas).toBeVisible();
  await expect(areas.getByRole('link')).toHaveCount(15);
  await expect(areas.getByRole('link', { name: 'Registrations', exact: true })).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  // Choosing an area opens its page and closes the menu.
  await areas.getByRole('link', { name: 'Audit log', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page.getByText('Admin menu: Audit log')).toBeVisible();
  await expect(areas).toBeHidden();
  await page.getByText('Admin menu').click();
  await expect(areas.getByRole('link', { name: 'Audit log', exact: true })).toHaveAttribute('aria-current', 'page');
});
