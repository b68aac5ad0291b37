import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_GOCARDLESS, E2E_GOCARDLESS_DATA_DIR } from './support/env';
import { outboxMessagesTo, unique, verificationPathFor } from './support/helpers';

test.describe.configure({ timeout: 90_000 });

const fakeGoCardless = `http://127.0.0.1:${E2E_GOCARDLESS.fakePort}`;

test('a rallier registers, pays the deposit through the GoCardless page, and sees "Deposit paid" on the dashboard', async ({ page }) => {
  const email = `gocardless-${unique()}@example.test`;
  const teamName = `Direct Debit ${unique()}`;

  // An account with a confirmed address, as every driver has before paying (made through the API,
  // which signs the browser in: signing up is the accounts journeys' subject).
  const account = { email, password: 'rally-pass-2026', firstName: 'Mary', lastName: 'Le Quesne' };
  expect((await page.request.post('/api/auth/register', { data: account })).status()).toBe(201);
  await page.goto(await verificationPathFor(email, E2E_GOCARDLESS_DATA_DIR));
  await page.waitForURL('**/dashboard');

  // The team registers in the form.
  await page.goto('/signup');
  await page.getByLabel('Team name').fill(teamName);
  await page.getByRole('group', { name: 'Have you chosen a co-driver?' }).getByText('No', { exact: true }).click();
  await page.getByRole('group', { name: "Do you know what you're going to be driving?" }).getByText('No', { exact: true }).click();
  await page.getByLabel('First name').fill('Mary');
  await page.getByLabel('Last name').fill('Le Quesne');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').first().fill('+44 7700 900123');
  await page.getByLabel('Address').fill('4 Rue de la Mare, St Peter, Jersey');
  await page.getByLabel('Emergency contact name').fill('Tom Le Quesne');
  await page.getByLabel('Emergency contact phone').fill('+44 7700 900456');
  await page.getByLabel('Relationship').fill('Brother');
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Complete!' })).toBeVisible();

  // GoCardless is set up on this site: the button opens its payment page for the deposit.
  await page.getByRole('button', { name: 'Pay Deposit Now' }).click();
  await page.waitForURL(`${fakeGoCardless}/flow/**`);
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expect(page.getByText('Amount: £500.00')).toBeVisible();
  await expect(page.getByText(teamName)).toBeVisible();

  // GoCardless's webhook is held back until the page has said the payment is being confirmed.
  expect((await page.request.post(`${fakeGoCardless}/_fake/webhooks/hold`)).status()).toBe(204);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/registered?payment=gocardless');
  await expect(page.getByRole('heading', { name: 'Confirming your payment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Payment' })).toHaveCount(0);

  expect((await page.request.post(`${fakeGoCardless}/_fake/webhooks/release`)).status()).toBe(204);
  await expect(page.getByRole('heading', { name: 'Thank You for Your Payment' })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByText('Deposit paid', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Deposit Now' })).toHaveCount(0);

  // The driver's receipt names the GoCardless payment.
  const receipt = () => outboxMessagesTo(email, E2E_GOCARDLESS_DATA_DIR).find((m) => /^Subject: Deposit received/m.test(m));
  await expect.poll(() => Boolean(receipt())).toBe(true);
  const mail = await simpleParser(receipt()!);
  expect(mail.text).toContain('£500.00');
  expect(mail.text).toMatch(/Reference: PM\d+/);
});
