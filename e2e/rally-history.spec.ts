import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ADMIN } from './support/env';
import { expectAccessible } from './support/helpers';
import { test } from './support/signed-in';

test.describe.configure({ timeout: 90_000 });

const photo = async (name: string, colour: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();

test('an organiser adds a past rally with three captioned photos and finds them on its page', async ({ page, signIn }) => {
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Rally history' }).click();
  await expect(page.getByRole('heading', { name: 'Rally History' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit 2018' })).toBeVisible();
  await expectAccessible(page);

  const add = page.getByRole('form', { name: 'New rally' });
  await add.getByLabel('Year').fill('2019');
  await add.getByLabel('Destination').fill('Bordeaux, France');
  await add.getByLabel('Title').fill('Vineyards and Dunes');
  await add.getByLabel('Description').fill('Down the Atlantic coast to the vineyards of Bordeaux.');
  await add.getByRole('button', { name: 'Add Rally' }).click();
  await expect(toast(page)).toContainText('Rally added');

  await page.getByRole('button', { name: 'Edit 2019' }).click();
  await page
    .getByLabel('Add photos')
    .setInputFiles(await Promise.all([photo('start.jpg', '#1f4e86'), photo('lunch.jpg', '#e8a91c'), photo('finish.jpg', '#b83227')]));
  const gallery = page.getByRole('list', { name: '2019 gallery' });
  await expect(gallery.getByRole('listitem')).toHaveCount(3, { timeout: 30_000 });
  for (const [i, caption] of ['Leaving St Helier', 'Lunch in the Landes', 'The finish at Bordeaux'].entries()) {
    const item = gallery.getByRole('listitem').nth(i);
    await item.getByLabel(`Caption of photo ${i + 1}`).fill(caption);
    await item.getByRole('button', { name: 'Save' }).click();
    await expect(item.getByRole('img', { name: caption })).toBeVisible();
  }

  await page.goto('/rally/2019');
  await expect(page.getByRole('heading', { name: 'Vineyards and Dunes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rally Gallery' })).toBeVisible();
  for (const caption of ['Leaving St Helier', 'Lunch in the Landes', 'The finish at Bordeaux'])
    await expect(page.getByRole('img', { name: caption })).toBeVisible();

  // The rally leaves the site again, so other journeys see the built-in ten.
  await page.goto('/admin/past-rallies');
  await page.getByRole('button', { name: 'Delete' }).first().click();
  await page.getByRole('button', { name: 'Delete rally' }).click();
  await expect(page.getByRole('button', { name: 'Edit 2019' })).toHaveCount(0);
});
