import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { DEMO_ADMIN, DEMO_RALLIER } from './support/env';
import { expectAccessible, holdAnswer, outboxMessagesTo, watchForText } from './support/helpers';
import { test } from './support/signed-in';

/** The one visible toast (Radix renders it as a list item in the Notifications region). */
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();

type LeaderboardEntry = { signupId: number; donationTotal: number; donationCount: number };
// Long journeys through a whole screen; the default 30 s is tight on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function leaderboardEntry(page: Page, signupId: number) {
  const entries: LeaderboardEntry[] = await (await page.request.get('/api/leaderboard')).json();
  return entries.find((e) => e.signupId === signupId);
}

test('an organiser edits a team, adds a donation and sees the leaderboard change', async ({ page, signIn }) => {
  const stamp = Date.now();
  const teamName = `E2E Admin Team ${stamp}`;
  const created = await page.request.post('/api/signups', {
    data: {
      teamName,
      driverFirstName: 'Ada',
      driverLastName: 'Admin',
      driverEmail: `e2e.admin.${stamp}@example.test`,
      driverPhone: '07700 900123',
      driverAddress: '1 Test Street, St Helier',
      driverPassport: 'P111',
      emergencyContactName: 'Eve',
      emergencyContactPhone: '07700 900124',
      emergencyContactRelationship: 'Friend',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2026 Rally Registrations' })).toBeVisible();
  // The table lists the team; choosing it opens its card for editing.
  const registrations = page.getByRole('table', { name: 'Registrations' });
  await expect(registrations.getByRole('row').filter({ hasText: teamName })).toContainText('Registered');
  await registrations.getByRole('button', { name: teamName, exact: true }).click();
  const card = page.getByRole('article', { name: teamName });
  await expect(card).toBeVisible();
  await expect(card.getByText('Incomplete')).toBeVisible();
  await expectAccessible(page);

  // Passports show masked until an organiser reveals this team's values.
  await expect(card.getByText('•••••', { exact: true })).toBeVisible();
  await expect(card).not.toContainText('P111');
  await card.getByRole('button', { name: `Reveal passport and medical data of ${teamName}` }).click();
  await expect(card.getByText('P111', { exact: true })).toBeVisible();

  // Edit: the co-driver's passport makes the passport status Complete; the new name shows at once.
  const renamed = `${teamName} Renamed`;
  await card.getByRole('button', { name: `Edit ${teamName}` }).click();
  await card.getByLabel('Team name').fill(renamed);
  await card.getByRole('group', { name: 'Co-driver' }).getByLabel('First name').fill('Cora');
  await card.getByRole('group', { name: 'Co-driver' }).getByLabel('Passport number').fill('P222');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Updated!');
  const renamedCard = page.getByRole('article', { name: renamed });
  await expect(renamedCard.getByText('Complete', { exact: true })).toBeVisible();

  // A cancelled edit changes nothing.
  await renamedCard.getByRole('button', { name: `Edit ${renamed}` }).click();
  await renamedCard.getByLabel('Team name').fill('Not saved');
  await renamedCard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('article', { name: renamed })).toBeVisible();

  expect(await leaderboardEntry(page, id)).toMatchObject({ donationTotal: 0, donationCount: 0 });

  // Manual donation: the spec's messages, then one donation however fast the button is pressed.
  const donation = page.locator('#manual-donation');
  await donation.getByRole('button', { name: 'Add Donation' }).click();
  await expect(toast(page)).toContainText('Please select a team and enter an amount');
  await donation.getByLabel('Team').selectOption({ label: `${renamed} (Ada Admin)` });
  await donation.getByLabel('Amount (£)').fill('0');
  await donation.getByRole('button', { name: 'Add Donation' }).click();
  await expect(toast(page)).toContainText('Invalid Amount');
  await donation.getByLabel('Amount (£)').fill('12.345');
  await donation.getByLabel('Donor name').fill('Pat Donor');
  await donation.getByLabel('Payment method').selectOption('cheque');
  await donation.getByRole('button', { name: 'Add Donation' }).dblclick();
  await expect(toast(page)).toContainText('Donation Added');
  await expect(toast(page)).toContainText('£12.35');

  await expect.poll(() => leaderboardEntry(page, id)).toMatchObject({ donationTotal: 1235, donationCount: 1 });
  await expect(page.getByRole('article', { name: renamed })).toContainText('£12.35 raised');

  // The audit log names the organiser and what was done.
  await page.goto('/admin/audit');
  const audit = page.locator('#audit-log');
  await expect(audit.getByRole('row').filter({ hasText: 'Added donation' }).first()).toContainText(DEMO_ADMIN.email);
  await expect(audit.getByRole('row').filter({ hasText: 'Edited registration' }).first()).toContainText(renamed);
  await expect(audit.getByRole('row').filter({ hasText: 'Revealed passport and medical data' }).first()).toContainText(DEMO_ADMIN.email);

  // Delete with confirmation: the team and its donation leave the leaderboard.
  await page.goto('/admin');
  await page.getByRole('table', { name: 'Registrations' }).getByRole('button', { name: renamed, exact: true }).click();
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Deleted!');
  await expect(page.getByRole('article', { name: renamed })).toHaveCount(0);
  expect(await leaderboardEntry(page, id)).toBeUndefined();
});

test('the admin page refuses ralliers and sends visitors to log in', async ({ page, signIn }) => {
  // The notice shows for half a second before the login screen: that screen is held until it is seen.
  const toLogin = await holdAnswer(page, '**/api/auth/login-page*');
  const notice = await watchForText(page, 'You are logged out. Logging in again...');
  await page.goto('/admin');
  await notice.shown;
  toLogin();
  await page.waitForURL('**/login?next=%2Fadmin');

  await signIn(page, DEMO_RALLIER.email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  expect((await page.request.get('/api/admin/signups')).status()).toBe(403);
});

test('an organiser sends a test login link and a bulk e-mail to registered users', async ({ page, signIn }) => {
  const testAddress = `e2e.credentials.${Date.now()}@example.test`;
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin/team-email');
  const email = page.locator('#email-communication');

  await email.getByLabel('Test email address (optional)').fill(testAddress);
  await email.getByRole('button', { name: 'Send Test Credentials' }).click();
  await expect(toast(page)).toContainText('Login Credentials Sent');
  // The worker sends it in the background: a set-password link, never a password.
  await expect.poll(() => outboxMessagesTo(testAddress).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const mail = await simpleParser(outboxMessagesTo(testAddress).at(-1)!);
  expect(mail.text).toMatch(/\/reset-password\?token=[\w-]+/);
  expect(mail.text).toContain('72 hours');

  // Sending to every driver asks first, naming the audience.
  await email.getByRole('button', { name: 'Send Login Credentials' }).click();
  await expect(page.getByRole('dialog')).toContainText('All registered drivers');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  const send = email.getByRole('button', { name: 'Send Bulk Email' });
  await expect(send).toBeDisabled();
  const subject = `Route notes ${Date.now()}`;
  await email.getByLabel('Subject').fill(subject);
  await email.getByLabel('Edit as HTML').check();
  await email.getByLabel('Content (HTML)').fill('<p>The ferry leaves at 8am.</p>');
  await send.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Audience: registered users');
  await expect(dialog).toContainText(/Are you sure you want to send this email to \d+ recipients\?/);
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(toast(page)).toContainText('Email Sent Successfully');
  await expect(email.getByLabel('Subject')).toHaveValue('');
  // The send's progress shows here, in the same sending view as the mailing list's.
  const progress = email.locator('li').filter({ has: page.getByRole('progressbar', { name: `Progress of ${subject}` }) });
  await expect(progress.getByText('Finished')).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByText(/^\d+ sent · 0 failed · 0 bounced · \d+ skipped · 0 remaining/)).toBeVisible();
});
