import { test, expect } from '@playwright/test';
import { holdAnswer } from './support/helpers';

test('Get Updates subscribes, closes and clears the dialog', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('#home');
  await hero.getByRole('button', { name: 'Get Updates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Rally Updates' });
  await dialog.getByPlaceholder('Your full name').fill('Jane Renouf');
  await dialog.getByLabel('Email').fill(`jane.${Date.now()}@example.je`);
  const release = await holdAnswer(page, '**/api/email-updates');
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  release();
  await expect(page.getByText("You've been subscribed to rally updates.", { exact: true })).toBeVisible();
  await expect(page.getByText('Success!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await hero.getByRole('button', { name: 'Get Updates' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('');
  await expect(dialog.getByLabel('Email')).toHaveValue('');
});

test('a name of spaces is refused on the form, and nothing is sent', async ({ page }) => {
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/email-updates')) posts += 1;
  });
  await page.goto('/');
  await page.locator('#home').getByRole('button', { name: 'Get Updates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Rally Updates' });
  await dialog.getByLabel('Name').fill('   ');
  await dialog.getByLabel('Email').fill('sam@example.je');
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Name is required');
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  // The form is still open and usable: correcting the name sends exactly one request.
  await dialog.getByLabel('Name').fill('Sam Le Brun');
  await Promise.all([page.waitForResponse('**/api/email-updates'), dialog.getByRole('button', { name: 'Subscribe' }).click()]);
  expect(posts).toBe(1);
});

test('a failed subscription keeps the dialog open with what was typed', async ({ page }) => {
  await page.route('**/api/email-updates', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }),
  );
  await page.goto('/');
  await page.locator('#join').getByRole('button', { name: 'Get Updates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Rally Updates' });
  await dialog.getByLabel('Name').fill('Sam Le Brun');
  await dialog.getByLabel('Email').fill('sam@example.je');
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Failed to subscribe. Please try again.', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue('Sam Le Brun');
  await expect(dialog.getByLabel('Email')).toHaveValue('sam@example.je');
  await expect(dialog.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
});

test('at most one toast is visible at a time', async ({ page }) => {
  await page.route('**/api/email-updates', (route) => route.fulfill({ status: 500, body: 'down' }));
  await page.goto('/');
  await page.locator('#home').getByRole('button', { name: 'Get Updates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Rally Updates' });
  await dialog.getByLabel('Name').fill('Sam');
  await dialog.getByLabel('Email').fill('sam@example.je');
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  // Toasts are list items in the Radix toast viewport.
  const toasts = page.locator('ol > li[data-state="open"]');
  await expect(toasts).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Failed to subscribe. Please try again.', { exact: true })).toHaveCount(1);
  await expect(toasts).toHaveCount(1);
});
