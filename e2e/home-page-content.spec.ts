import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './support/env';
import { expectAccessible } from './support/helpers';
import { test } from './support/signed-in';

test.describe.configure({ timeout: 90_000 });

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();

test('an organiser edits a Rallier Story and sees it on the home page beside the Rally in Numbers', async ({ page, signIn }) => {
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Home page content' }).click();
  await expect(page.getByRole('heading', { name: 'Home page content' })).toBeVisible();
  // The spec's figures are kept for the initial data by overrides, and the computed figure is shown beside.
  await expect(page.getByLabel('Ralliers: override')).toHaveValue('234');
  await expect(page.getByText(/^Showing [\d,]+.*; computed: [\d,]+\./).first()).toBeVisible();
  await expect(page.getByLabel('Epic Rallies: override')).toHaveValue('');
  await expect(page.getByText('Showing the computed 10.')).toBeVisible();
  await expectAccessible(page);

  const story = page.getByRole('form', { name: 'Story by Steve L.' });
  const quote = 'Monaco at dawn after three nights of clues: worth every wrong turn.';
  await story.getByLabel('Quote').fill(quote);
  await story.getByLabel('Author').fill('Steve Le Sueur');
  await story.getByRole('button', { name: 'Save story' }).click();
  await expect(toast(page)).toContainText('Story saved');

  const empty = page.getByRole('form', { name: 'Story by Steve Le Sueur' });
  await empty.getByLabel('Quote').fill(' ');
  await empty.getByRole('button', { name: 'Save story' }).click();
  await expect(empty.getByText('Quote is required')).toBeVisible();

  await page.goto('/');
  const stats = page.locator('#rally-stats');
  for (const figure of ['10', '234', '12,218', '£150K+']) await expect(stats.getByText(figure, { exact: true })).toBeVisible();
  const stories = page.locator('#stories');
  await expect(stories.getByText(`“${quote}”`)).toBeAttached();
  await expect(stories.getByText('Steve Le Sueur')).toBeAttached();
  await expect(stories.getByText('Steve L.', { exact: true })).toHaveCount(0);

  // The story goes back as it was, so other journeys see the built-in ones.
  await page.goto('/admin/home-page');
  const edited = page.getByRole('form', { name: 'Story by Steve Le Sueur' });
  await edited.getByLabel('Quote').fill('Nothing beats rolling into Monaco after 1,400 km of puzzles, pastries and wrong turns.');
  await edited.getByLabel('Author').fill('Steve L.');
  await edited.getByRole('button', { name: 'Save story' }).click();
  await expect(page.getByRole('form', { name: 'Story by Steve L.' })).toBeVisible();
});

test("an organiser adds a stop from the gazetteer to a rally's route and sees it on the rally's route map", async ({ page, signIn }) => {
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin/past-rallies');
  await page.getByRole('button', { name: 'Edit 2013' }).click();
  const editor = page.getByRole('group', { name: '2013 route' });
  const stops = editor.getByRole('list', { name: 'Stops of the 2013 route' }).getByRole('listitem');
  await expect(stops).toHaveCount(5);

  await editor.getByLabel('Add a town').fill('Cognac');
  await editor.getByRole('button', { name: 'Add town' }).click();
  await expect(stops.nth(5)).toContainText('6. Cognac');
  await editor.getByRole('button', { name: 'Move Cognac up' }).click();
  await expect(stops.nth(4)).toContainText('5. Cognac');
  // A town not in the list is refused with a way forward; a place by coordinates is checked.
  await editor.getByLabel('Add a town').fill('Atlantis');
  await editor.getByRole('button', { name: 'Add town' }).click();
  await expect(editor.getByText('Atlantis is not in the list of towns')).toBeVisible();
  await editor.getByLabel('Place name').fill('Far away');
  await editor.getByLabel('Latitude').fill('95');
  await editor.getByLabel('Longitude').fill('2');
  await editor.getByRole('button', { name: 'Add place' }).click();
  await expect(editor.getByText('Latitude must be between -90 and 90')).toBeVisible();
  await expect(stops).toHaveCount(6);
  await editor.getByRole('button', { name: 'Save route' }).click();
  await expect(toast(page)).toContainText('Route saved');
  await expectAccessible(page);

  await page.goto('/rally/2013');
  await page.getByTitle('2013 Rally Route').scrollIntoViewIfNeeded();
  const map = page.frameLocator('iframe[title="2013 Rally Route"]');
  await expect(map.getByRole('img', { name: '2013 rally route: Jersey, St Malo, La Rochelle, Bordeaux, Cognac, Biarritz' })).toBeVisible();
  await expect(map.getByText('Cognac', { exact: true })).toBeVisible();

  // The route goes back as it was, so other journeys see the built-in one.
  await page.goto('/admin/past-rallies');
  await page.getByRole('button', { name: 'Edit 2013' }).click();
  await page.getByRole('group', { name: '2013 route' }).getByRole('button', { name: 'Remove Cognac' }).click();
  await page.getByRole('group', { name: '2013 route' }).getByRole('button', { name: 'Save route' }).click();
  await expect(toast(page)).toContainText('Route saved');
  const embed = await page.request.get('/api/route-maps');
  const route = ((await embed.json()) as { id: string; stops: { name: string }[] }[]).find((r) => r.id === 'y2013');
  expect(route?.stops.map((s) => s.name)).toEqual(['Jersey', 'St Malo', 'La Rochelle', 'Bordeaux', 'Biarritz']);
});
