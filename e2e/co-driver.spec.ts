import { test, expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { teamInput } from '../src/common/factories';
import { expectAccessible, outboxMessagesTo, unique, verificationPathFor } from './support/helpers';

const password = 'co-driver journey 2026';

/** Fills and sends the Create Account form (already shown) and waits for the dashboard. */
async function createAccount(page: Page, firstName: string, email?: string) {
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Le Gallais');
  if (email) await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

test('a driver invites a co-driver, who registers with that address and sees the team as co-driver', async ({ page, request }) => {
  const team = teamInput({ teamName: `Two Up Front ${unique()}`, driverEmail: `driver-${unique()}@example.test` });
  expect((await request.post('/api/signups', { data: team })).status()).toBe(201);

  // The driver creates an account, confirms the address and finds the team.
  await page.goto('/login?mode=register');
  await createAccount(page, 'Amelia', team.driverEmail);
  await page.goto(await verificationPathFor(team.driverEmail));
  await expect(page.getByText(`You are the driver of ${team.teamName}.`)).toBeVisible();

  // The driver invites the co-driver.
  const coDriverEmail = `co-driver-${unique()}@example.test`;
  await page.getByLabel(/^First name/).fill('Sam');
  await page.getByLabel(/^Last name/).fill('Le Gallais');
  await page.getByLabel("Co-driver's email").fill(coDriverEmail);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation sent!', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change Your Co-Driver' })).toBeVisible();

  await expect.poll(() => outboxMessagesTo(coDriverEmail).length).toBe(1);
  const invitation = await simpleParser(outboxMessagesTo(coDriverEmail)[0]!);
  expect(invitation.subject).toContain(team.teamName);
  const link = new URL(/https?:\/\/\S+\/login\?\S+/.exec(invitation.text ?? '')![0]);
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: "You're Logged Out" })).toBeVisible();

  // The co-driver follows the link: the sign-up form opens with the invited address filled in.
  await page.goto(link.pathname + link.search);
  await expect(page.getByLabel('Email')).toHaveValue(coDriverEmail);
  await createAccount(page, 'Sam');
  // Until the address is confirmed the team stays hidden.
  await expect(page.getByRole('heading', { name: 'No Registration Found' })).toBeVisible();
  await page.goto(await verificationPathFor(coDriverEmail));

  await expect(page.getByText(`You are the co-driver of ${team.teamName}.`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your details' })).toBeVisible();
  await expect(page.getByLabel('Team name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0);
  await page.getByLabel('Co-driver phone').fill('+44 7700 900777');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Details updated!', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
});
