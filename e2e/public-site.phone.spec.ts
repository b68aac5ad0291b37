import { test, expect } from '@playwright/test';
import { expectAccessible } from './support/helpers';

test('the side menu on a phone holds every navigation item', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'This Year' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const name of ['Log In', 'Sign Up 2026', '2026 Cannes Overview', "Who's Registered", 'Fundraising', 'About']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  for (const name of ['Stats', 'Winners', 'History']) await expect(menu.getByRole('button', { name })).toBeVisible();
  await expect(menu.getByRole('link', { name: /^20[01]\d / })).toHaveCount(10);
  await expectAccessible(page);

  // A section button from another page goes to the home page's section.
  await menu.getByRole('button', { name: 'History' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/#history$/);
  await expect(page.getByRole('heading', { name: 'Rally History' })).toBeInViewport();

  // On the home page it scrolls to the section in place.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('button', { name: 'Winners' }).click();
  await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('winners')!.getBoundingClientRect().top))).toBe(80);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: /^2013 Biarritz/ }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Pyrenees Return' })).toBeVisible();
});

test('the home page reads well at phone width', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Register Now' })).toBeVisible();
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.locator('#winners').scrollIntoViewIfNeeded();
  await expect(page.locator('#winners').getByRole('link', { name: 'View 2018 participants' })).toBeVisible();
  await expectAccessible(page);
});

test('the gallery and lightbox work by touch on a phone', async ({ page }) => {
  await page.goto('/rally/2012');
  await expect(page.getByText('Showing 1-6 of 6 photos')).toBeVisible();
  await page.getByRole('button', { name: 'St Tropez, France 2012, photo 6' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('6 / 6')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next photo' }).click();
  await expect(dialog.getByText('1 / 6')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
