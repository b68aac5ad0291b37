import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './support/env';
import { expectAccessible } from './support/helpers';
import { adminApi, createTeam } from './support/fundraising';
import { test } from './support/signed-in';

test.describe.configure({ timeout: 90_000 });

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();

async function publicTotal(page: Page, signupId: number) {
  const entries: { signupId: number; donationTotal: number }[] = await (await page.request.get('/api/leaderboard')).json();
  return entries.find((e) => e.signupId === signupId)?.donationTotal;
}

test('an organiser corrects a mistyped donation and the leaderboard follows', async ({ page, signIn }) => {
  const api = await adminApi();
  const team = await createTeam(api, {});
  // £400 typed for £40.
  const typed = await api.post('/api/donations', {
    data: { signupId: team.id, amount: 40_000, paymentMethod: 'cash', donorName: 'Mia Mistyped' },
  });
  expect(typed.status()).toBe(201);
  expect(await publicTotal(page, team.id)).toBe(40_000);

  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Donations ledger' }).click();
  await expect(page.getByRole('heading', { name: 'Donations', level: 1 })).toBeVisible();
  await page.getByLabel('Team', { exact: true }).selectOption({ label: team.teamName });
  const row = page.getByRole('row', { name: `£400.00 from Mia Mistyped for ${team.teamName}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Organiser');
  await expect(row).toContainText('Verified');
  await expectAccessible(page);

  await row.getByRole('button', { name: /^Correct/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct donation' });
  await dialog.getByLabel('Amount (£)').fill('0');
  await dialog.getByRole('button', { name: 'Save Correction' }).click();
  // The dialog keeps the rest of the page hidden from assistive technology, so the message shows under the field.
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid amount greater than 0');
  await dialog.getByLabel('Amount (£)').fill('40');
  await dialog.getByRole('button', { name: 'Save Correction' }).click();
  await expect(toast(page)).toContainText('Donation Updated');
  await expect(page.getByRole('row', { name: `£40.00 from Mia Mistyped for ${team.teamName}` })).toBeVisible();
  await expect.poll(() => publicTotal(page, team.id)).toBe(4_000);

  // The public leaderboard shows the corrected amount.
  await page.goto('/leaderboard');
  await expect(page.getByTestId('leaderboard-row').filter({ hasText: team.teamName })).toContainText('£40.00');

  // The audit log keeps the before and after.
  await page.goto('/admin/audit');
  await expect(page.locator('#audit-log').getByRole('row').filter({ hasText: 'Corrected donation' }).first()).toContainText(
    '£400.00 → £40.00',
  );
});

test('an organiser verifies a team-reported donation and deletes a wrong one', async ({ page, signIn }) => {
  const api = await adminApi();
  const team = await createTeam(api, {});
  expect(
    (
      await api.post('/api/donations', { data: { signupId: team.id, amount: 1_500, paymentMethod: 'cash', donorName: 'Dan Duplicate' } })
    ).status(),
  ).toBe(201);
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin/donations');
  await page.getByLabel('Source', { exact: true }).selectOption('participant');
  // The ledger keeps showing the last list until the new filter's answer is in (the row read below
  // must be from the reported list): wait for that answer.
  const reportedList = page.waitForResponse((r) => r.url().includes('/api/admin/donations?') && r.url().includes('state=reported'));
  await page.getByLabel('State', { exact: true }).selectOption('reported');
  await reportedList;
  await expect(page.getByText(/donations?, £/)).toBeVisible();
  // A demo team's own entry: verify the first one listed; it moves to the verified list.
  const first = page.getByRole('region', { name: 'Donations' }).getByRole('row').nth(1);
  const label = (await first.getAttribute('aria-label'))!;
  await first.getByRole('button', { name: /^Verify/ }).click();
  await expect(toast(page)).toContainText('is verified');
  // The ledger keeps the list it shows until the new filter's answer is in: wait for that answer,
  // however long the machine takes, before looking for the row in it.
  const verifiedList = page.waitForResponse((r) => r.url().includes('/api/admin/donations?') && r.url().includes('state=verified'));
  await page.getByLabel('State', { exact: true }).selectOption('verified');
  await verifiedList;
  await expect(page.getByRole('row', { name: label })).toContainText('Verified');

  await page.getByLabel('Source', { exact: true }).selectOption('');
  await page.getByLabel('State', { exact: true }).selectOption('');
  await page.getByLabel('Team', { exact: true }).selectOption({ label: team.teamName });
  await page.getByRole('button', { name: `Delete £15.00 from Dan Duplicate for ${team.teamName}` }).click();
  await page.getByRole('dialog', { name: 'Delete this donation?' }).getByRole('button', { name: 'Delete Donation' }).click();
  await expect(page.getByText('No donations match these filters.')).toBeVisible();
  await expect.poll(() => publicTotal(page, team.id)).toBe(0);
});

test('the ledger works on a phone', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin/donations');
  await expect(page.getByRole('region', { name: 'Donations' })).toBeVisible();
  await expectAccessible(page);
  // The table scrolls inside its own region; the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
