import { expect, type APIRequestContext } from '@playwright/test';
import type { RallySettings } from '../src/common/schemas/rally-settings';
import { DEMO_ADMIN } from './support/env';
import { adminApi } from './support/fundraising';
import { expectAccessible, rallySettings } from './support/helpers';
import { test } from './support/signed-in';

let api: APIRequestContext;
let original: RallySettings;

test.beforeAll(async () => {
  api = await adminApi();
  original = await rallySettings(api);
});
test.afterAll(() => api.dispose());

// Other journeys read the same site: the settings go back as they were, through the organiser's own
// session (whether or not the journey got as far as signing in), and a failed restore fails here.
test.afterEach(async () => {
  const { year: _year, ...edit } = original;
  const res = await api.put('/api/admin/settings', { data: edit });
  expect(res.status(), await res.text()).toBe(200);
  expect(await rallySettings(api)).toEqual(original);
});

test('an organiser changes the destination and sees it on the home page', async ({ page, signIn }) => {
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Rally settings' }).click();
  await expect(page.getByRole('heading', { name: 'Rally Settings' })).toBeVisible();
  await expect(page.getByLabel('Destination')).toHaveValue(original.destination);
  await expectAccessible(page);

  await page.getByLabel('Destination').fill('Nice');
  await page.getByLabel('Route label').fill(`${original.startPort} to Nice`);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .locator('li')
      .first(),
  ).toContainText('Settings saved');

  // The page the organiser goes to next, and a fresh visit, both show it.
  await page.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page.getByText(`rally to Nice`)).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(`${original.startPort} to Nice`).first()).toBeVisible();
  // A link shared now previews the new route.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain(`<meta property="og:title" content="${original.productName} ${original.year}: ${original.startPort} to Nice" />`);
});

test('a setting left blank or out of range is named, and nothing changes', async ({ page, request, signIn }) => {
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin/settings');
  await page.getByLabel('Product name').fill('');
  await page.getByLabel('Car limit').fill('0');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Product name is required')).toBeVisible();
  await expect(page.getByText('Car limit must be at least 1')).toBeVisible();
  expect((await rallySettings(request)).productName).toBe(original.productName);
});
