import { expect } from '@playwright/test';
import { DEMO_ADMIN } from './support/env';
import { adminApi, createTeam } from './support/fundraising';
import { unique } from './support/helpers';
import { test } from './support/signed-in';

test.describe.configure({ timeout: 60_000 });

test("an organiser confirms a team's JustGiving page on its card, and the leaderboard then counts it", async ({ page, signIn }) => {
  const api = await adminApi();
  const team = await createTeam(api, { justGivingUrl: `https://www.justgiving.com/page/e2e-jg-${unique()}` });
  expect((await api.post('/api/admin/justgiving/sync')).status()).toBe(200);

  // Read, but not confirmed: the public leaderboard leaves the page's total out.
  await page.goto('/leaderboard');
  const row = page.getByTestId('leaderboard-row').filter({ hasText: team.teamName });
  await expect(row).toContainText('£0.00');

  // The organiser sees whose page it is on the team's card, and confirms it.
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin#registrations');
  const table = page.getByRole('table', { name: 'Registrations' });
  await page.getByLabel('Missing').selectOption('deposit');
  await table.getByRole('button', { name: team.teamName, exact: true }).click();
  const card = page.getByRole('article', { name: team.teamName });
  const check = card.getByRole('region', { name: `JustGiving page of ${team.teamName}` });
  await expect(check).toContainText('Driving to Cannes for the Hospice');
  await expect(check).toContainText('by Fern Fundraiser');
  await expect(check).toContainText('£1,234.56');
  await expect(check).toContainText('Not counted publicly');
  await check.getByRole('button', { name: `Confirm this JustGiving page is ${team.teamName}'s` }).click();
  await expect(check).toContainText("Confirmed as the team's page");
  await expect(check.getByRole('button')).toHaveCount(0);

  await page.goto('/leaderboard');
  await expect(page.getByTestId('leaderboard-row').filter({ hasText: team.teamName })).toContainText('£1,234.56');
  await api.dispose();
});
