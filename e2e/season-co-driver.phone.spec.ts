import { test, expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { teamInput } from '../src/common/factories';
import { invitationPathFor, outboxMessagesTo, unique, verificationPathFor } from './support/helpers';

const password = 'co-driver journey 2026';

test('the co-driver named on the registration form is invited by e-mail, joins with an account, and the driver sees "joined"', async ({
  browser,
  request,
}) => {
  const coDriverEmail = `named-co-driver-${unique()}@example.test`;
  const team = teamInput({
    teamName: `Invited Properly ${unique()}`,
    driverFirstName: 'Amelia',
    driverLastName: 'Le Brocq',
    driverEmail: `driver-${unique()}@example.test`,
    coDriverFirstName: 'Sam',
    coDriverLastName: 'Le Gallais',
    coDriverEmail,
    carMake: 'Morris',
    carModel: 'Minor',
  });
  // What the registration form sends.
  expect((await request.post('/api/signups', { data: team })).status()).toBe(201);

  // The driver makes an account with the registration's address and confirms it.
  const driverContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const driver = await driverContext.newPage();
  await driver.goto(`/login?${new URLSearchParams({ mode: 'register', email: team.driverEmail })}`);
  await driver.getByLabel('First name').fill('Amelia');
  await driver.getByLabel('Password').fill(password);
  await driver.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await driver.waitForURL('**/dashboard');
  await driver.goto(await verificationPathFor(team.driverEmail));
  await expect(driver.getByText(`You are the driver of ${team.teamName}.`)).toBeVisible();
  await expect(driver.getByText('Invited, not yet accepted')).toBeVisible();
  // A pending invitation can be sent again: a new link, the older one no longer answers.
  const firstLink = await invitationPathFor(coDriverEmail);
  await driver.getByRole('button', { name: 'Resend Invitation' }).click();
  await expect(driver.getByText('Invitation sent again', { exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await invitationPathFor(coDriverEmail)) !== firstLink).toBe(true);

  // The co-driver's e-mail names the team and the driver.
  const mail = await simpleParser(outboxMessagesTo(coDriverEmail).at(-1)!);
  expect(mail.subject).toBe(`Amelia Le Brocq has named you co-driver of ${team.teamName}`);

  // The page it opens names the team and the driver, with what the form said.
  const coDriverContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await coDriverContext.newPage();
  await page.goto(await invitationPathFor(coDriverEmail));
  await expect(page.getByRole('heading', { name: `Join ${team.teamName}?` })).toBeVisible();
  await expect(page.getByText(`Amelia Le Brocq has named you (${coDriverEmail}) as the co-driver of ${team.teamName}`)).toBeVisible();
  const details = page.getByRole('definition');
  await expect(details.filter({ hasText: 'Morris Minor' })).toBeVisible();
  await expect(details.filter({ hasText: `Sam Le Gallais (${coDriverEmail})` })).toBeVisible();
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page.getByRole('heading', { name: `You are on ${team.teamName}` })).toBeVisible();

  // Creating the account: what is known is filled in.
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(coDriverEmail);
  await expect(page.getByLabel('First name')).toHaveValue('Sam');
  await expect(page.getByLabel('Last name')).toHaveValue('Le Gallais');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: `We found a registration for ${coDriverEmail}` })).toBeVisible();
  await expect(page.getByText('No Registration Found')).toHaveCount(0);

  // Confirmed: the co-driver's view of the team.
  await page.goto(await verificationPathFor(coDriverEmail));
  await expect(page.getByText(`You are the co-driver of ${team.teamName}.`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0);
  expect(await page.locator('main').innerText()).not.toContain(team.driverEmail);

  // The driver sees the co-driver joined, and no resend any more.
  await driver.reload();
  await expect(driver.getByText('Joined the team', { exact: true })).toBeVisible();
  await expect(driver.getByRole('button', { name: 'Resend Invitation' })).toHaveCount(0);

  await driverContext.close();
  await coDriverContext.close();
});
