import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { teamInput } from '../src/common/factories';
import { expectAccessible, invitationPathFor, outboxMessagesTo, unique, verificationPathFor } from './support/helpers';
import { test } from './support/signed-in';

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

/** The co-driver's dashboard: their own details form, none of the driver's details or forms. */
async function expectCoDriverView(page: Page, team: ReturnType<typeof teamInput>) {
  await expect(page.getByText(`You are the co-driver of ${team.teamName}.`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your details' })).toBeVisible();
  await expect(page.getByLabel('Team name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Target and story' })).toHaveCount(0);
  const text = await page.locator('main').innerText();
  for (const secret of [team.driverEmail, team.driverPhone, team.driverAddress, team.emergencyContactName, 'Asthma']) {
    expect(text).not.toContain(secret);
  }
}

test('a driver invites a co-driver, who accepts from the e-mail, registers with that address and sees the co-driver view', async ({
  page,
  request,
  signIn,
}) => {
  const team = teamInput({
    teamName: `Two Up Front ${unique()}`,
    driverEmail: `driver-${unique()}@example.test`,
    medicalConditions: 'Asthma',
  });
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
  await expect(page.getByText('Invited, not yet accepted')).toBeVisible();

  const invitationPath = await invitationPathFor(coDriverEmail);
  const invitation = await simpleParser(outboxMessagesTo(coDriverEmail).at(-1)!);
  expect(invitation.subject).toContain(team.teamName);
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: "You're Logged Out" })).toBeVisible();

  // The co-driver follows the link and accepts, then creates an account with the invited address.
  await page.goto(invitationPath);
  await expect(page.getByRole('heading', { name: `Join ${team.teamName}?` })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page.getByRole('heading', { name: `You are on ${team.teamName}` })).toBeVisible();
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(coDriverEmail);
  await createAccount(page, 'Sam');
  // Accepting from the e-mailed link confirmed the address: the team shows at once.
  await expectCoDriverView(page, team);
  await page.getByLabel('Co-driver phone').fill('+44 7700 900777');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Details updated!', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);

  // Their phone is theirs now: the driver's form neither shows nor holds it. The logout is over
  // (the page says so) before the driver's session goes in: an unfinished one would end it too.
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: "You're Logged Out" })).toBeVisible();
  await signIn(page, team.driverEmail);
  await page.goto('/dashboard');
  await expect(page.getByText('Sam keeps their own contact and passport details.')).toBeVisible();
  await expect(page.getByLabel('Co-driver phone')).toHaveCount(0);
  expect(await page.locator('main').innerText()).not.toContain('+44 7700 900777');
});

test('a team registered naming a verified person as co-driver reaches them only when they accept from the e-mail', async ({
  page,
  request,
}) => {
  // A person with a confirmed account and no team.
  const email = `named-${unique()}@example.test`;
  await page.goto('/login?mode=register');
  await createAccount(page, 'Nina', email);
  await page.goto(await verificationPathFor(email));
  await expect(page.getByRole('heading', { name: 'No Registration Found' })).toBeVisible();

  // Someone else registers a team naming them as co-driver.
  const team = teamInput({
    teamName: `Named Not Joined ${unique()}`,
    driverEmail: `other-driver-${unique()}@example.test`,
    coDriverFirstName: 'Nina',
    coDriverLastName: 'Le Gallais',
    coDriverEmail: email,
    medicalConditions: 'Asthma',
  });
  expect((await request.post('/api/signups', { data: team })).status()).toBe(201);

  // The invitation arrives; until it is answered the dashboard shows nothing of the team.
  const invitationPath = await invitationPathFor(email);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No Registration Found' })).toBeVisible();
  await expect(page.getByText(team.teamName)).toHaveCount(0);

  await page.goto(invitationPath);
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await page.waitForURL('**/dashboard');
  await expectCoDriverView(page, team);
  await expectAccessible(page);
});
