import { DEMO_ADMIN } from './support/env';
import { expectAccessible, unique } from './support/helpers';
import { expect, test } from './support/signed-in';

test.use({ viewport: { width: 1280, height: 800 } });

test('an organiser imports a list with people who never rallied, previews them, adds them as contacts and finds them', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN.email);
  const id = unique();
  const vera = `vera.${id}@example.org`;
  const sam = `sam.${id}@example.org`;
  const csv = [
    'Year,First Name,Surname,Email,Consent',
    `,Vera,Volunteer,${vera},yes`,
    `2019,Sam,Sponsor,${sam},`,
    `,May,Be,may.${id}@example.org,maybe`,
  ].join('\n');

  await page.goto('/admin/contacts');
  const section = page.getByRole('region', { name: 'Historic Rallier Email Management' });
  await section.getByLabel('Spreadsheet file').setInputFiles({ name: 'volunteers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await section.getByRole('button', { name: 'Preview import' }).click();
  await expect(page.getByRole('heading', { name: 'Preview of volunteers.csv' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('import-count-unmatched')).toHaveText('2');
  await expect(page.getByTestId('import-count-skipped')).toHaveText('1');

  // The rows with no rally record, with the consent each would have; the bad row says why.
  const unmatched = page.getByRole('group', { name: 'Not matched to a rally record (2)' });
  await expect(unmatched.getByRole('row').filter({ hasText: vera })).toContainText('Opted In');
  await expect(unmatched.getByRole('row').filter({ hasText: sam })).toContainText('Not Asked');
  await page.getByText('Skipped (1)').click();
  await expect(page.getByText('consent "maybe" is not understood: use yes, no or leave it empty (not asked)')).toBeVisible();
  await expectAccessible(page);
  // Nothing is written before the organiser applies.
  const before = await (await page.request.get(`/api/admin/contacts?q=${encodeURIComponent(id)}`)).json();
  expect(before.contacts).toEqual([]);

  await unmatched.getByLabel('Add them as contacts').check();
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText('Import applied: 0 created, 0 updated, 0 changed, 0 unchanged, 2 added as contacts, 1 skipped.')).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  await expect(page.getByTestId('import-result-added')).toHaveText('2');

  // In the contact list, with where they came from and their consent.
  await page.getByLabel('Search', { exact: true }).fill(id);
  const veraRow = page.getByRole('listitem').filter({ hasText: vera });
  await expect(veraRow).toBeVisible();
  await expect(veraRow.getByText('Mailing-list import', { exact: true })).toBeVisible();
  await expect(veraRow.getByText('Opted In', { exact: true })).toBeVisible();
  const samRow = page.getByRole('listitem').filter({ hasText: sam });
  await expect(samRow.getByText('Not Asked', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `may.${id}` })).toHaveCount(0);

  // The same file again adds nobody twice: both are already on the list.
  await section.getByLabel('Spreadsheet file').setInputFiles({ name: 'volunteers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await section.getByRole('button', { name: 'Preview import' }).click();
  await expect(page.getByTestId('import-count-unmatched')).toHaveText('0', { timeout: 30_000 });
  await expect(page.getByTestId('import-count-unchanged')).toHaveText('2');
});
