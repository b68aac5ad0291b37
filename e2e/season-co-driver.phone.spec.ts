import { test, expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { teamInput } from '../src/common/factories';
import { invitationPathFor, outboxMessagesTo, unique, verificationPathFor } from './support/helpers';

const password = 'co-driver journey 2026';

test('the co-driver named on the registration form is invited by e-mail, joins with an account the link has confirmed, and the driver sees "joined"', async ({
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
  const registered = await request.post('/api/signups', { data: team });
  expect(registered.status()).toBe(201);
  const donatePage = `/donate/${(await registered.json()).id}`;

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

  // The driver records a gift for the team.
  const gift = driver.getByRole('form', { name: 'Record a donation' });
  await gift.getByLabel('Amount (£)').fill('25');
  await gift.getByLabel('Donor name').fill('Gran Le Brocq');
  await gift.getByRole('button', { name: 'Record Donation' }).click();
  await expect(driver.getByRole('list', { name: 'Donations' }).getByText('from Gran Le Brocq')).toBeVisible();

  // Not yet accepted: the public donate page does not name her.
  const coDriverContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await coDriverContext.newPage();
  await page.goto(donatePage);
  await expect(page.getByRole('heading', { name: team.teamName, level: 1 })).toBeVisible();
  await expect(page.getByText('Amelia Le Brocq')).toBeVisible();
  await expect(page.getByText('Sam Le Gallais')).toHaveCount(0);

  // The co-driver's e-mail names the team and the driver.
  const mail = await simpleParser(outboxMessagesTo(coDriverEmail).at(-1)!);
  expect(mail.subject).toBe(`Amelia Le Brocq has named you co-driver of ${team.teamName}`);

  // The page it opens names the team and the driver, with what the form said.
  await page.goto(await invitationPathFor(coDriverEmail));
  await expect(page.getByRole('heading', { name: `Join ${team.teamName}?` })).toBeVisible();
  await expect(page.getByText(`Amelia Le Brocq has named you (${coDriverEmail}) as the co-driver of ${team.teamName}`)).toBeVisible();
  const details = page.getByRole('definition');
  await expect(details.filter({ hasText: 'Morris Minor' })).toBeVisible();
  await expect(details.filter({ hasText: `Sam Le Gallais (${coDriverEmail})` })).toBeVisible();
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page.getByRole('heading', { name: `You are on ${team.teamName}` })).toBeVisible();

  await expect(page.getByText(`This link has shown that ${coDriverEmail} is yours`)).toBeVisible();

  // Creating the account: what is known is filled in.
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(coDriverEmail);
  await expect(page.getByLabel('First name')).toHaveValue('Sam');
  await expect(page.getByLabel('Last name')).toHaveValue('Le Gallais');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL('**/dashboard');

  // The link confirmed her address: no second confirmation, the co-driver's view of the team at once.
  await expect(page.getByText(`You are the co-driver of ${team.teamName}.`)).toBeVisible();
  await expect(page.getByText('No Registration Found')).toHaveCount(0);
  await expect(page.getByText(/confirm your e-mail/i)).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Your details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0);
  expect(await page.locator('main').innerText()).not.toContain(team.driverEmail);
  // The driver's gift is the driver's to change: she sees who recorded it, and no Edit or Delete.
  const gran = page.getByRole('list', { name: 'Donations' }).getByRole('listitem').filter({ hasText: 'from Gran Le Brocq' });
  await expect(gran).toContainText('Recorded by your driver');
  await expect(gran.getByRole('button')).toHaveCount(0);

  // Accepted: the public donate page names her as the co-driver.
  await page.goto(donatePage);
  await expect(page.getByRole('definition').filter({ hasText: 'Sam Le Gallais' })).toBeVisible();

  // The driver sees the co-driver joined, and no resend any more.
  await driver.reload();
  await expect(driver.getByText('Joined the team', { exact: true })).toBeVisible();
  await expect(driver.getByRole('button', { name: 'Resend Invitation' })).toHaveCount(0);

  await driverContext.close();
  await coDriverContext.close();
});
