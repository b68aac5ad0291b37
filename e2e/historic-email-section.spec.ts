import { DEMO_ADMIN } from './support/env';
import { expect, test } from './support/signed-in';

test.use({ viewport: { width: 1280, height: 800 } });

test('the spec’s Historic Rallier Email Management is found from the admin sidebar, with its import, export and two links', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: 'Contacts', exact: true }).click();
  const section = page.getByRole('region', { name: 'Historic Rallier Email Management' });
  await expect(section).toBeVisible();
  await expect(section.getByLabel('Spreadsheet file')).toBeAttached();
  await expect(section.getByRole('button', { name: 'Export Emails' })).toBeVisible();
  await expect(section.getByRole('link', { name: 'Manage Mailing List' })).toHaveAttribute('href', '/admin/mailing-list');
  await section.getByRole('link', { name: 'View Email Status' }).click();
  await expect(page).toHaveURL(/\/admin\/historic-emails$/);
  await expect(page.getByRole('heading', { name: 'Historic Rallier Database', level: 1 })).toBeVisible();
});
