import { expect } from '@playwright/test';
import { DEMO_ADMIN } from './support/env';
import { driverWithTeam, outboxMessagesTo, unique } from './support/helpers';
import { test } from './support/signed-in';

test.describe.configure({ timeout: 90_000 });

test('an organiser records a deposit paid by cheque; the driver gets a receipt and the dashboard shows it paid', async ({
  browser,
  signIn,
}) => {
  const email = `deposit-${unique()}@example.test`;
  const teamName = `Deposit Check ${unique()}`;
  const rallier = await browser.newPage();

  await driverWithTeam(rallier, { firstName: 'Ada', lastName: 'Renouf', email, teamName });
  await expect(rallier.getByText('Registered', { exact: true })).toBeVisible();
  // No GoCardless settings on this server: the button is the external payment link.
  await expect(rallier.getByRole('link', { name: /Pay Deposit Now/ })).toBeVisible();

  const organiser = await browser.newPage();
  await signIn(organiser, DEMO_ADMIN.email);
  await organiser.goto('/admin#registrations');
  const table = organiser.getByRole('table', { name: 'Registrations' });
  await organiser.getByLabel('Missing').selectOption('deposit');
  await table.getByRole('button', { name: teamName, exact: true }).click();
  const card = organiser.getByRole('article', { name: teamName });
  await expect(card.getByText('Deposit: not recorded')).toBeVisible();
  await card.getByLabel('Deposit (£)').fill('500');
  await card.getByLabel('Paid by').selectOption('cheque');
  await card.getByLabel('Date paid').fill('2026-02-14');
  await card.getByRole('button', { name: 'Mark deposit paid' }).click();
  await expect(card.getByText('Deposit: £500.00 on 14 Feb 2026')).toBeVisible();
  await card.getByRole('button', { name: 'Show status history' }).click();
  await expect(card.getByRole('list', { name: `Status history of ${teamName}` })).toContainText('Registered → Deposit paid');

  // The table's Deposit column shows the amount and date.
  await organiser.getByRole('group', { name: 'Show registrations as' }).getByRole('button', { name: 'Table' }).click();
  await organiser.getByLabel('Missing').selectOption('');
  await expect(table.getByRole('row').filter({ hasText: teamName })).toContainText('£500.00 on 14 Feb 2026');

  await rallier.reload();
  await expect(rallier.getByText('Deposit paid', { exact: true })).toBeVisible();
  await expect.poll(() => outboxMessagesTo(email).some((m) => /Deposit received/.test(m) && /Cheque/.test(m))).toBe(true);
});
