import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { expectAccessible, logIn, outboxMessagesTo, verificationPathFor } from './support/helpers';

/** The one visible toast (Radix renders it as a list item in the Notifications region). */
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();

/** The reset link from the newest reset e-mail in the outbox for this address. */
async function resetLinkFor(email: string): Promise<string> {
  await expect
    .poll(() => outboxMessagesTo(email).filter((m) => m.includes('Subject: Reset your')).length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  const mail = await simpleParser(
    outboxMessagesTo(email)
      .filter((m) => m.includes('Subject: Reset your'))
      .at(-1)!,
  );
  expect(mail.subject).toBe('Reset your Jersey Charity Rally password');
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();
  return link!;
}

test('a new rallier signs up, logs out, logs in, forgets the password and resets it from the e-mail', async ({ page }) => {
  // A whole account's life in one journey: several password hashes and five accessibility scans.
  test.slow();
  const email = `e2e.accounts.${Date.now()}@example.test`;
  const password = 'first password 2026';

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expectAccessible(page);

  // Switching to sign-up clears what was typed.
  await page.getByLabel('Email').fill('typed@example.test');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expectAccessible(page);

  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Le Cornu');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await expect(toast(page)).toContainText('Account created!');

  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: "You're Logged Out" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Log In Again' })).toHaveAttribute('href', '/login');
  await expect.poll(async () => (await page.request.get('/api/auth/user')).json()).toBeNull();
  await expectAccessible(page);

  // A wrong password is refused with the server's message.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(toast(page)).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, password);
  await expect(toast(page)).toContainText('Welcome back!');
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: "You're Logged Out" })).toBeVisible();

  // Forgot password: the form, then the 'sent' view.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toast(page)).toContainText('Email sent');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to login' })).toBeVisible();

  // Reset from the link in the e-mail.
  await page.goto(await resetLinkFor(email));
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password').fill('second password 2026');
  await page.getByLabel('Confirm password').fill('second password 2025');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm password').fill('second password 2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();
  await expect(toast(page)).toContainText('Password reset successful');
  await page.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'second password 2026');
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: "You're Logged Out" })).toBeVisible();
});

test('a used reset link is refused with the server message, and a link without a token says it is invalid', async ({ page }) => {
  const email = `e2e.reuse.${Date.now()}@example.test`;
  const res = await page.request.post('/api/auth/register', { data: { email, password: 'reuse password 1' } });
  expect(res.status()).toBe(201);
  await page.request.post('/api/auth/logout');
  await page.request.post('/api/auth/forgot-password', { data: { email } });
  const link = await resetLinkFor(email);

  await page.goto(link);
  await page.getByLabel('New password').fill('reuse password 2');
  await page.getByLabel('Confirm password').fill('reuse password 2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();

  await page.goto(link);
  await page.getByLabel('New password').fill('reuse password 3');
  await page.getByLabel('Confirm password').fill('reuse password 3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page)).toContainText('This password reset link is invalid or has expired');
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();

  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(toast(page)).toContainText('Invalid link');
  await expect(toast(page)).toContainText('This password reset link is invalid. Please request a new one.');
});

test('a new account confirms its address from the e-mail, signed out, and lands on its dashboard', async ({ page, browser }) => {
  const email = `e2e.verify.${Date.now()}@example.test`;
  await page.goto('/login');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('verify me please 2026');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL('**/dashboard');
  const banner = page.getByRole('status', { name: 'Confirm your e-mail address' });
  await expect(banner).toContainText(`Confirm your e-mail address: we sent a link to ${email}.`);
  await expect(page.getByText('No Registration Found')).toBeVisible();
  await expectAccessible(page);

  // A new link revokes the first one.
  const first = await verificationPathFor(email);
  await banner.getByRole('button', { name: 'Send the link again' }).click();
  await expect(banner).toContainText(`We sent a new link to ${email}.`);
  await expect.poll(async () => verificationPathFor(email)).not.toBe(first);
  const second = await verificationPathFor(email);

  // Opened in a browser that is not signed in: the owner confirms with the password she chose.
  const other = await browser.newContext();
  const mailbox = await other.newPage();
  await mailbox.goto(first);
  await expect(mailbox.getByText('This confirmation link is invalid or has expired. Log in to send a new one.')).toBeVisible();
  await mailbox.goto(second);
  await expect(mailbox.getByText('a password chosen before the address is confirmed is only kept if you enter it here')).toBeVisible();
  await expectAccessible(mailbox);
  await mailbox.getByLabel('Your password').fill('verify me please 2026');
  await mailbox.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await mailbox.waitForURL('**/dashboard');
  await expect(mailbox.getByRole('heading', { name: 'Welcome, Vera!' })).toBeVisible();
  await expect(mailbox.getByText('No Registration Found')).toBeVisible();
  await expect(mailbox.getByRole('status', { name: 'Confirm your e-mail address' })).toHaveCount(0);
  await other.close();
});
