import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './support/env';
import { logIn, outboxMessagesTo, verificationPathFor } from './support/helpers';

test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test('an organiser records a deposit paid by cheque; the driver gets a receipt and the dashboard shows it paid', async ({ browser }) => {
  const email = `deposit-${unique()}@example.test`;
  const teamName = `Deposit Check ${unique()}`;
  const rallier = await browser.newPage();

  await rallier.goto('/login');
  await rallier.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await rallier.getByLabel('First name').fill('Ada');
  await rallier.getByLabel('Last name').fill('Renouf');
  await rallier.getByLabel('Email').fill(email);
  await rallier.getByLabel('Password').fill('rally-pass-2026');
  await rallier.getByRole('button', { name: 'Sign Up' }).click();
  await rallier.waitForURL('**/dashboard');
  await rallier.goto(await verificationPathFor(email));
  await rallier.waitForURL('**/dashboard');
  const created = await rallier.request.post('/api/signups', {
    data: {
      teamName,
      driverFirstName: 'Ada',
      driverLastName: 'Renouf',
      driverEmail: email,
      driverPhone: '07700 900331',
      driverAddress: '3 Test Road, St Ouen',
      emergencyContactName: 'Jo',
      emergencyContactPhone: '07700 900332',
      emergencyContactRelationship: 'Sister',
    },
  });
  expect(created.status()).toBe(201);
  await rallier.reload();
  await expect(rallier.getByText('Registered', { exact: true })).toBeVisible();
  // No GoCardless settings on this server: the button is the external payment link.
  await expect(rallier.getByRole('link', { name: /Pay Deposit Now/ })).toBeVisible();

  const organiser = await browser.newPage();
  await logIn(organiser, DEMO_ADMIN.email, DEMO_ADMIN.password);
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
