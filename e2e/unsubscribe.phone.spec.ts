import { expect } from '@playwright/test';
import { DEMO_ADMIN } from './support/env';
import { expectAccessible } from './support/helpers';
import { test } from './support/signed-in';

test('the unsubscribe page explains a bad link, and the example link of a test e-mail, on a phone', async ({ page }) => {
  await page.goto('/unsubscribe/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Unsubscribe Failed' })).toBeVisible();
  await expect(page.getByText('Invalid unsubscribe link')).toBeVisible();
  await expectAccessible(page);
  // The bare link is the example a test e-mail carries for an organiser who is not a contact.
  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { name: 'Example unsubscribe link' })).toBeVisible();
  await expect(page.getByText(/It unsubscribes nobody/)).toBeVisible();
  await expectAccessible(page);
});

test('the historic database and mailing list read well on a phone', async ({ page, signIn }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_ADMIN.email);
  for (const [route, heading] of [
    ['/admin/historic-emails', 'Historic Rallier Database'],
    ['/admin/mailing-list', 'Mailing List'],
  ] as const) {
    await page.goto(route);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }
});
