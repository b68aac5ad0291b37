import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './support/env';
import { expectAccessible, rallySettings, unique } from './support/helpers';
import { adminApi, createTeam } from './support/fundraising';
import { test } from './support/signed-in';

test.describe.configure({ timeout: 90_000 });

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();

test("an organiser enters this year's results, publishes them and finds the teams on the rally's page and the winner on the home page", async ({
  page,
  signIn,
}) => {
  const { year } = await rallySettings(page.request);
  const stamp = unique();
  const api = await adminApi();
  const winners = await createTeam(api, {
    teamName: `Results Winners ${stamp}`,
    driverFirstName: 'Zoé',
    driverLastName: 'Le Marquand',
    coDriverFirstName: 'Tom',
    coDriverLastName: 'Pallot',
    coDriverEmail: `tom.${stamp}@example.test`,
  });
  const runnersUp = await createTeam(api, { teamName: `Results Runners Up ${stamp}`, driverFirstName: 'Kim', driverLastName: 'Vibert' });
  // Whatever the car limit left them as, both teams took part.
  for (const team of [winners, runnersUp])
    expect((await api.patch(`/api/admin/registrations/${team.id}/status`, { data: { status: 'confirmed' } })).status()).toBe(200);

  // The spec's copy, from the winners' first rows.
  await page.goto('/#winners');
  await expect(page.getByText('The teams who cracked the most clues, from the first rally in 2008 to 2018.')).toBeVisible();

  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Results & winners' }).click();
  await expect(page.getByRole('heading', { name: 'Results & winners', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Rally year')).toHaveValue(String(year));
  await expect(page.getByLabel(`Rank of ${winners.teamName}`)).toBeVisible();
  await expectAccessible(page);

  // A rank that is not a whole number is refused before anything is sent.
  await page.getByLabel(`Rank of ${winners.teamName}`).fill('first');
  await page.getByRole('button', { name: `Save ${winners.teamName}` }).click();
  await expect(page.getByText('Rank must be a number')).toBeVisible();

  await page.getByLabel(`Rank of ${winners.teamName}`).fill('1');
  await page.getByLabel(`Car number of ${winners.teamName}`).fill('71');
  await page.getByLabel(`Score of ${winners.teamName}`).fill('990');
  await page.getByLabel(`Rank of ${runnersUp.teamName}`).fill('2');
  await page.getByLabel(`Car number of ${runnersUp.teamName}`).fill('72');
  await page.getByLabel(`Score of ${runnersUp.teamName}`).fill('950');
  await page.getByRole('button', { name: 'Save all changes' }).click();
  await expect(toast(page)).toContainText('Results saved');
  await expect(page.getByText('No unsaved changes')).toBeVisible();

  await page.getByRole('button', { name: 'Publish results' }).click();
  const dialog = page.getByRole('dialog', { name: `Publish the ${year} results?` });
  await expect(dialog).toContainText('join the historic database');
  await expect(dialog).toContainText(`${winners.teamName} (Zoé Le Marquand & Tom Pallot) become the ${year} Rally Champions`);
  await dialog.getByRole('button', { name: 'Publish results' }).click();
  await expect(toast(page)).toContainText('Results published');
  await expect(page.getByText(/teams are published; publishing again updates them/)).toBeVisible();

  await page.goto(`/rally/${year}`);
  const table = page.getByRole('region', { name: `${year} participants table` });
  await expect(table.getByRole('row', { name: new RegExp(winners.teamName) })).toContainText('Zoé Le Marquand');
  await expect(table.getByRole('row', { name: new RegExp(winners.teamName) })).toContainText('990');
  await expect(table.getByRole('row', { name: new RegExp(runnersUp.teamName) })).toContainText('Kim Vibert');

  await page.goto('/#winners');
  const champions = page.locator('#winners');
  await expect(champions.getByRole('row', { name: new RegExp(String(year)) })).toContainText(winners.teamName);
  await expect(champions.getByRole('row', { name: new RegExp(String(year)) })).toContainText('Zoé Le Marquand & Tom Pallot');
  await expect(page.getByText(`from the first rally in 2008 to ${year}.`)).toBeVisible();

  // The year's winners row and rally page leave the site again, so other journeys see the built-in content.
  await page.goto('/admin/results');
  await page
    .getByRole('listitem', { name: `${year} winners` })
    .getByRole('button', { name: `Delete ${year}` })
    .click();
  await page.getByRole('button', { name: 'Delete row' }).click();
  await expect(page.getByRole('listitem', { name: `${year} winners` })).toHaveCount(0);
  expect((await api.delete(`/api/admin/past-rallies/${year}`)).status()).toBe(200);
  await api.dispose();
});
