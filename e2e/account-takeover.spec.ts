import { expect, test } from '@playwright/test';
import { teamInput } from '../src/common/factories';
import { unique, verificationPathFor } from './support/helpers';

/**
 * Someone registers the driver's address before she does and stays signed in. When the driver
 * confirms the address from her own mailbox, in her own browser, the account is hers alone: the
 * other session is over and the password chosen before verification no longer signs anyone in.
 */
test('confirming the address signs out whoever registered it first; the driver holds the account', async ({ browser, request }) => {
  const driverEmail = `driver-${unique()}@example.test`;
  const team = teamInput({ teamName: `Kept Safe ${unique()}`, driverEmail, driverPassport: 'GB9876543' });
  expect((await request.post('/api/signups', { data: team })).status()).toBe(201);

  // The attacker signs up with the driver's address and stays signed in.
  const attackerContext = await browser.newContext();
  const attacker = await attackerContext.newPage();
  await attacker.goto('/login?mode=register');
  await attacker.getByLabel('First name').fill('Mallory');
  await attacker.getByLabel('Email').fill(driverEmail);
  await attacker.getByLabel('Password').fill('attacker passphrase 2026');
  await attacker.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await attacker.waitForURL('**/dashboard');
  // Unconfirmed, the account reaches no team (the registration form says as much of the address).
  await expect(attacker.getByRole('heading', { name: `We found a registration for ${driverEmail}` })).toBeVisible();
  await expect(attacker.getByText(team.teamName)).toHaveCount(0);

  // The driver opens the link from her mailbox in her own browser and chooses her password.
  const driverContext = await browser.newContext();
  const driver = await driverContext.newPage();
  await driver.goto(await verificationPathFor(driverEmail));
  await expect(driver.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await driver.getByRole('button', { name: /choose a new one/ }).click();
  await driver.getByLabel('New password').fill('driver passphrase 2026');
  await driver.getByLabel('Confirm password').fill('driver passphrase 2026');
  await driver.getByRole('button', { name: 'Confirm and set my password' }).click();
  await driver.waitForURL('**/dashboard');
  await expect(driver.getByText(team.teamName).first()).toBeVisible();
  expect((await driver.request.get('/api/auth/user')).status()).toBe(200);
  expect(await (await driver.request.get('/api/auth/user')).json()).toMatchObject({ email: driverEmail, emailVerified: true });

  // The attacker's session is over: the API no longer answers as her, the dashboard sends to login.
  expect(await (await attacker.request.get('/api/auth/user')).json()).toBeNull();
  expect((await attacker.request.get('/api/my-privacy/data')).status()).toBe(401);
  await attacker.goto('/dashboard');
  await attacker.waitForURL('**/login');
  // And the password the attacker chose no longer opens the account.
  const login = await attacker.request.post('/api/auth/login', { data: { email: driverEmail, password: 'attacker passphrase 2026' } });
  expect(login.status()).toBe(401);

  await attackerContext.close();
  await driverContext.close();
});
