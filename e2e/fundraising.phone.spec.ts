import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/helpers';
import { addDonation, adminApi, createTeam } from './support/fundraising';

test('on a phone, a visitor finds a team, sees the leaderboard and reaches the donate page', async ({ page }) => {
  const api = await adminApi();
  const team = await createTeam(api, { carMake: 'Mini', carModel: 'Cooper', justGivingUrl: 'https://www.justgiving.com/page/e2e-phone' });
  await addDonation(api, team.id, 4200);
  await api.dispose();

  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: "Who's Registered" }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Who's Registered" })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: team.teamName, exact: true }) });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('Mini Cooper')).toBeVisible();
  // Nothing spills sideways at phone width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Fundraising' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fundraising Leaderboard' })).toBeVisible();
  const row = page.getByTestId('leaderboard-row').filter({ hasText: team.teamName });
  await expect(row).toContainText('£42.00');
  await expect(row).toContainText('1 donation');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  await row.getByRole('link', { name: `Donate to ${team.teamName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: team.teamName })).toBeVisible();
  await expect(page.getByRole('link', { name: /Donate on JustGiving/ })).toHaveAttribute(
    'href',
    'https://www.justgiving.com/page/e2e-phone',
  );
  await expectAccessible(page);
});
