import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { DEMO_ADMIN } from './support/env';
import { expectAccessible, outboxMessagesTo } from './support/helpers';
import { test } from './support/signed-in';

type Rec = {
  year: number;
  driverFirstName: string | null;
  driverLastName: string | null;
  email: string | null;
  coDriverFirstName: string | null;
  coDriverLastName: string | null;
  coDriverEmail: string | null;
};

const statValue = (page: import('@playwright/test').Page, label: string) =>
  page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p[1]');

test('an organiser imports addresses, mails the list, and a recipient leaves it with one click', async ({ page, signIn }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_ADMIN.email);

  // Someone without an address, and every year they drove, so the whole person becomes reachable.
  const records: Rec[] = await (await page.request.get('/api/admin/historic-participants')).json();
  const target = records.find(
    (r) =>
      r.driverFirstName &&
      !r.email &&
      !records.some((o) => o.coDriverFirstName === r.driverFirstName && o.coDriverLastName === r.driverLastName),
  )!;
  const years = records
    .filter((r) => r.driverFirstName === target.driverFirstName && r.driverLastName === target.driverLastName)
    .map((r) => r.year);
  const address = `e2e.${Date.now()}@example.org`;
  const csv = [
    'year,firstName,lastName,email',
    ...years.map((y) => `${y},${target.driverFirstName},${target.driverLastName},${address}`),
    '2099,Nobody,Here,nobody@example.org',
  ].join('\n');

  await page.goto('/admin/historic-emails');
  await expect(page.getByRole('heading', { name: 'Historic Rallier Database' })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ of \d+ ralliers$/)).toBeVisible();
  const withEmail = Number(await statValue(page, 'With Email').textContent());
  const withoutEmail = Number(await statValue(page, 'Without Email').textContent());
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Preview import' }).click();
  await expect(page.getByText('Please select an Excel file to upload', { exact: true })).toBeVisible();
  await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'ralliers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview import' }).click();
  // The preview says what would happen; nothing has changed yet.
  await expect(page.getByRole('heading', { name: 'Preview of ralliers.csv' })).toBeVisible();
  await expect(page.getByTestId('import-count-created')).toHaveText('1');
  await expect(page.getByTestId('import-count-updated')).toHaveText(String(years.length - 1));
  await expect(page.getByTestId('import-count-unmatched')).toHaveText('1');
  await expect(page.getByTestId('import-count-skipped')).toHaveText('0');
  await expect(statValue(page, 'With Email')).toHaveText(String(withEmail));
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText(`Import applied: 1 created, ${years.length - 1} updated, 0 changed, 0 unchanged, 1 skipped.`)).toBeVisible();
  await expect(page.getByText('Skipped (1)')).toBeVisible();
  await expect(statValue(page, 'With Email')).toHaveText(String(withEmail + 1));
  await expect(statValue(page, 'Without Email')).toHaveText(String(withoutEmail - 1));
  await page.getByLabel('Search by name or email').fill(address);
  await expect(page.getByText('Showing 1 of')).toBeVisible();
  await expect(page.getByRole('cell', { name: address })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Emails' }).click();
  const exported = readFileSync(await (await download).path(), 'utf8').split('\n');
  expect(exported).toContain(address);
  await expect(page.getByText('Export Successful', { exact: true })).toBeVisible();

  await page.goto('/admin/mailing-list');
  await expect(page.getByRole('heading', { name: 'Mailing List' })).toBeVisible();
  await expect(page.getByRole('cell', { name: address })).toBeVisible();
  await expectAccessible(page);
  const subject = `Rally news ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Edit as HTML').check();
  await page.getByLabel('Content (HTML)').fill('<h1>Cannes 2026</h1><p>Ferry times are out.</p><script>alert(1)</script>');
  // The imported person was never asked, so only the everyone-but-opted-out audience includes them.
  const counted = page.waitForResponse(
    (r) => r.url().includes('/api/admin/bulk-mail/audience-count') && r.url().includes('onlyOptedIn=false'),
  );
  await page.getByLabel('Only send to contacts who opted in').uncheck();
  await counted;
  // The count is the server's, fetched for the audience chosen.
  const countLine = page.getByText(/This email will be sent to \d+ recipient/);
  await expect(countLine).toBeVisible();
  const count = (await countLine.textContent())!.match(/(\d+)/)![1];
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText(`Are you sure you want to send this email to ${count} recipients?`)).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Emails sent', { exact: true })).toBeVisible();
  const progress = page.getByRole('listitem').filter({ hasText: subject });
  await expect(progress.getByText(new RegExp(`^${count} sent · 0 failed · 0 bounced · 0 skipped · 0 remaining`))).toBeVisible({
    timeout: 90_000,
  });
  await expect(progress.getByText('Finished')).toBeVisible();

  const raw = outboxMessagesTo(address).find((m) => m.includes(subject));
  expect(raw).toBeTruthy();
  const mail = await simpleParser(raw!);
  expect(mail.html).not.toContain('<script');
  expect(mail.text).toContain('Ferry times are out.');
  const unsubscribe = mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line.replace(/\r?\n\s+/g, ' ');
  expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const [, href] = /<(https?:[^>]+)>/.exec(unsubscribe) ?? [];
  if (!href) throw new Error(`no link in ${unsubscribe}`);
  const link = new URL(href);

  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from rally emails' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Successfully Unsubscribed' })).toBeVisible();
  await expect(page.getByText(`${target.driverFirstName} ${target.driverLastName}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/admin/mailing-list');
  const row = page.getByRole('row').filter({ hasText: address });
  await expect(row.getByText('Opted Out')).toBeVisible();
});

test('a non-admin sees Access Denied on the historic database and the mailing list', async ({ page }) => {
  const res = await page.request.post('/api/auth/register', {
    data: { email: `member.${Date.now()}@example.org`, password: 'a long enough password', firstName: 'Member', lastName: 'Only' },
  });
  expect(res.status()).toBe(201);
  for (const route of ['/admin/historic-emails', '/admin/mailing-list']) {
    await page.goto(route);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  }
});
