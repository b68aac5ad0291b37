import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectAccessible, verificationPathFor } from './support/helpers';

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();
test.describe.configure({ timeout: 90_000 });

test('the privacy notice is linked from the footer and names the organisers and the retention', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'How we look after your data' })).toBeVisible();
  await expect(page.getByText(/erased 30 days after the rally's last day/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'info@jerseycharityrally.org' }).first()).toBeVisible();
  await expectAccessible(page);
});

// A fresh rallier of its own: deleting the demo rallier would break the other journeys.
test('a rallier downloads their data and deletes their account', async ({ page }) => {
  const stamp = Date.now();
  const email = `e2e.privacy.${stamp}@example.test`;
  const password = 'privacy journey pass 1';
  expect(
    (await page.request.post('/api/auth/register', { data: { email, password, firstName: 'Priya', lastName: 'Vacy' } })).status(),
  ).toBe(201);
  const teamName = `E2E Privacy Team ${stamp}`;
  const created = await page.request.post('/api/signups', {
    data: {
      teamName,
      driverFirstName: 'Priya',
      driverLastName: 'Vacy',
      driverEmail: email,
      driverPhone: '07700 900321',
      driverAddress: '3 Quiet Lane, St Helier',
      driverPassport: 'E2EPASS4321',
      medicalConditions: 'E2E-condition',
      emergencyContactName: 'Sam',
      emergencyContactPhone: '07700 900322',
      emergencyContactRelationship: 'Friend',
    },
  });
  expect(created.status()).toBe(201);

  // Registering signed the browser in. The team is theirs once they confirm the address from the e-mail.
  await page.goto(await verificationPathFor(email));
  await page.waitForURL('**/dashboard');
  await expect(page.getByText(teamName).first()).toBeVisible();
  const panel = page.getByRole('region', { name: 'Your data' });
  await expect(panel).toBeVisible();
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-rally-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(data.account.email).toBe(email);
  expect(data.teams).toEqual([expect.objectContaining({ teamName, driverPassport: 'E2EPASS4321', medicalConditions: 'E2E-condition' })]);

  // The password is asked again; a wrong one changes nothing.
  await panel.getByLabel('Password').fill('not the password');
  await panel.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page)).toContainText('Password is incorrect');
  expect((await (await page.request.get('/api/auth/user')).json())?.email).toBe(email);

  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page)).toContainText('Account deleted');
  await page.waitForURL((url) => url.pathname === '/');
  expect(await (await page.request.get('/api/auth/user')).json()).toBeNull();
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(401);
  // The team stays in the public lists, anonymised, so the totals stay true.
  const teams: { teamName: string }[] = await (await page.request.get('/api/signups')).json();
  expect(teams.map((t) => t.teamName)).not.toContain(teamName);
});
