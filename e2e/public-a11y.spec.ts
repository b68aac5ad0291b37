import { test, expect } from '@playwright/test';
import { expectAccessible } from './support/helpers';

const pages = [
  { path: '/', heading: 'Jersey Charity Rally 2026' },
  { path: '/about', heading: 'About the Jersey Charity Rally' },
  { path: '/this-year', heading: 'St Malo to Cannes' },
  { path: '/rally/2018', heading: 'Return to Monaco' },
  { path: '/rally/2014', heading: 'Rally Not Found' },
];

for (const { path, heading } of pages) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
  });
}

test('the open lightbox and the route-map embed have no serious accessibility violations', async ({ page }) => {
  await page.goto('/rally/2013');
  await page.getByRole('button', { name: 'Biarritz, France 2013, photo 1', exact: true }).click();
  await expect(page.getByRole('dialog').getByText('1 / 14')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/embeds/route-map?route=y2013&duration=0');
  await expect(page.getByRole('img', { name: /2013 rally route/ })).toBeVisible();
  await expectAccessible(page);
});
