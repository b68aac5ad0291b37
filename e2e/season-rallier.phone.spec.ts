import { test, expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { outboxMessagesTo, unique, verificationPathFor } from './support/helpers';

/** The path of the dashboard link in the newest registration e-mail to the driver. */
async function dashboardLinkFor(address: string): Promise<string> {
  const newest = () => outboxMessagesTo(address).filter((m) => /^Subject: Registration received/m.test(m));
  await expect.poll(() => newest().length, { timeout: 10_000 }).toBe(1);
  const mail = await simpleParser(newest()[0]!);
  const link = /https?:\/\/\S+\/dashboard\?email=\S+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** Every answer of the site's API that is an error, as the browser would log it. */
function apiErrors(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  return failed;
}

test('a team registers, the driver follows the e-mail to create an account, is told the truth until confirming, then sees the team', async ({
  page,
}) => {
  const email = `rallier-${unique()}@example.test`;
  const teamName = `Honest Start ${unique()}`;

  await page.goto('/signup');
  await page.getByLabel('Team name').fill(teamName);
  await page.getByLabel(/^First name/).fill('Nia');
  await page.getByLabel(/^Last name/).fill('Gallichan');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone/).fill('07700 900321');
  await page.getByLabel(/^Address/).fill('Gorey Pier, Jersey');
  await page.getByLabel('Emergency contact name').fill('Ray Gallichan');
  await page.getByLabel('Emergency contact phone').fill('07700 900654');
  await page.getByLabel('Relationship').fill('Father');
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Complete!' })).toBeVisible();
  // The page's own way to the dashboard: creating the account with the driver's address.
  await expect(page.getByRole('link', { name: 'Create Your Account' })).toHaveAttribute(
    'href',
    `/login?${new URLSearchParams({ mode: 'register', email })}`,
  );

  // The e-mail's dashboard link, opened by someone with no account, leads to creating one.
  await page.goto(await dashboardLinkFor(email));
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Gallichan');
  await page.getByLabel('Password').fill('rally-pass-2026');
  const errors = apiErrors(page);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/dashboard');

  // Not yet confirmed: the registration is named honestly, with a way to get the link again.
  await expect(page.getByRole('heading', { name: `We found a registration for ${email}` })).toBeVisible();
  await expect(page.getByText('Confirm your e-mail to see it')).toBeVisible();
  await expect(page.getByText('No Registration Found')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Register Your Team' })).toHaveCount(0);
  expect(errors).toEqual([]);
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Confirming the address shows the team.
  await page.goto(await verificationPathFor(email));
  await page.waitForURL('**/dashboard');
  await expect(page.getByText(`You are the driver of ${teamName}.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: /We found a registration/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an account with no team reads "No Registration Found", and the browser sees no error answer', async ({ page }) => {
  const errors = apiErrors(page);
  await page.goto('/login?mode=register');
  await page.getByLabel('First name').fill('Lone');
  await page.getByLabel('Email').fill(`no-team-${unique()}@example.test`);
  await page.getByLabel('Password').fill('rally-pass-2026');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'No Registration Found' })).toBeVisible();
  expect(errors).toEqual([]);
});
