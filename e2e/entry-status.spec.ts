import { expect } from '@playwright/test';
import { DEMO_ADMIN } from './support/env';
import { driverWithTeam, outboxMessagesTo, unique } from './support/helpers';
import { test } from './support/signed-in';

test.describe.configure({ timeout: 90_000 });

/**
 * A team's entry from registered to withdrawn: the organiser records a cheque deposit (the driver
 * gets a receipt), confirms the team with the table's bulk action, and the driver, on her phone,
 * follows each step and finally withdraws, with a reason the organisers read in the history.
 */
test('an organiser records a cheque deposit and confirms the team; the rallier sees each step on her phone, then withdraws and the team leaves the list', async ({
  browser,
  signIn,
}) => {
  const email = `status-${unique()}@example.test`;
  const teamName = `Status Check ${unique()}`;
  const rallier = await browser.newPage({ viewport: { width: 390, height: 844 } });

  // The driver makes an account, confirms the address and registers the team.
  await driverWithTeam(rallier, { firstName: 'Nell', lastName: 'Gallichan', email, teamName });
  await expect(rallier.getByText('Registration status')).toBeVisible();
  await expect(rallier.getByText('Registered', { exact: true })).toBeVisible();
  // No GoCardless settings on this server: the button is the external payment link.
  await expect(rallier.getByRole('link', { name: /Pay Deposit Now/ })).toBeVisible();

  // The organiser finds the team among those whose deposit is missing and records the cheque.
  const organiser = await browser.newPage();
  await signIn(organiser, DEMO_ADMIN.email);
  await organiser.goto('/admin#registrations');
  const table = organiser.getByRole('table', { name: 'Registrations' });
  await organiser.getByLabel('Missing').selectOption('deposit');
  await expect(table.getByRole('row').filter({ hasText: teamName })).toBeVisible();
  await table.getByRole('button', { name: teamName, exact: true }).click();
  const card = organiser.getByRole('article', { name: teamName });
  await expect(card.getByText('Deposit: not recorded')).toBeVisible();
  await card.getByLabel('Deposit (£)').fill('500');
  await card.getByLabel('Paid by').selectOption('cheque');
  await card.getByLabel('Date paid').fill('2026-02-14');
  await card.getByRole('button', { name: 'Mark deposit paid' }).click();
  await expect(card.getByText('Deposit: £500.00 on 14 Feb 2026')).toBeVisible();
  await card.getByRole('button', { name: 'Show status history' }).click();
  const history = card.getByRole('list', { name: `Status history of ${teamName}` });
  await expect(history).toContainText('Registered → Deposit paid');

  // The driver's dashboard shows the real status, and the receipt names the cheque.
  await rallier.reload();
  await expect(rallier.getByText('Deposit paid', { exact: true })).toBeVisible();
  await expect(rallier.getByText(/your deposit is paid and your place is held/)).toBeVisible();
  await expect.poll(() => outboxMessagesTo(email).some((m) => /Deposit received/.test(m) && /Cheque/.test(m))).toBe(true);

  // In the table, the Deposit column shows the amount and date, and the bulk action confirms the team.
  await organiser.getByRole('group', { name: 'Show registrations as' }).getByRole('button', { name: 'Table' }).click();
  await organiser.getByLabel('Missing').selectOption('');
  await organiser.getByLabel('Status', { exact: true }).selectOption('deposit_paid');
  await expect(table.getByRole('row').filter({ hasText: teamName })).toContainText('£500.00 on 14 Feb 2026');
  await table.getByRole('checkbox', { name: `Select ${teamName}` }).check();
  await organiser.getByRole('button', { name: 'Mark confirmed (1)' }).click();
  await expect(organiser.getByText('1 confirmed.').first()).toBeVisible();
  await rallier.reload();
  await expect(rallier.getByText('Confirmed', { exact: true })).toBeVisible();
  // Confirmed: the dashboard says so, and what comes next, with no deposit left to pay.
  await expect(rallier.getByText(/Your place in the \d{4} rally is confirmed\. See you at the start line!/)).toBeVisible();
  const next = rallier.getByRole('list').filter({ hasText: 'Rally pack.' });
  await expect(next).toContainText('Deposit payment. Your deposit is paid: your place is held.');
  await expect(next).toContainText('Your rally pack with route details, clues and timings is coming soon.');
  await expect(rallier.getByRole('main')).not.toContainText(/Pay the £[\d,]+ deposit|to secure your place/);
  await expect(rallier.getByRole('link', { name: /Pay deposit/i })).toHaveCount(0);
  await expect(rallier.getByRole('button', { name: /Pay Deposit Now/ })).toHaveCount(0);

  // Withdrawing asks first, then the team leaves the registered-teams page.
  await rallier.getByRole('button', { name: 'Withdraw from the rally' }).click();
  const dialog = rallier.getByRole('dialog', { name: 'Withdraw your team?' });
  await dialog.getByLabel('Reason (optional)').fill('Car failed its MOT');
  await dialog.getByRole('button', { name: 'Withdraw team' }).click();
  await expect(rallier.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(rallier.getByRole('button', { name: 'Withdraw from the rally' })).toHaveCount(0);
  await rallier.goto('/teams');
  // The list has arrived (a demo team shows) before the withdrawn team's absence is judged.
  await expect(rallier.getByText('Clueless in Cannes').first()).toBeVisible();
  await expect(rallier.getByText(teamName)).toHaveCount(0);
});
