import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { DEMO_ADMIN } from './support/env';
import { outboxMessagesTo, unique } from './support/helpers';
import { test } from './support/signed-in';

type Rec = { year: number; driverFirstName: string | null; driverLastName: string | null; email: string | null };
type Named = Rec & { coDriverFirstName: string | null; coDriverLastName: string | null };
const OUTCOMES = ['created', 'updated', 'changed', 'unchanged', 'skipped'] as const;

test('a volunteer imports a list, moves a person to a new address, mails them and sees their click counted once', async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO_ADMIN.email);

  // A past driver with no address who never co-drove: the import gives them one.
  const records: Named[] = await (await page.request.get('/api/admin/historic-participants')).json();
  const person = records.find(
    (r) =>
      r.driverFirstName &&
      r.driverLastName &&
      !r.email &&
      !records.some((o) => o.coDriverFirstName === r.driverFirstName && o.coDriverLastName === r.driverLastName) &&
      records.filter((o) => o.driverFirstName === r.driverFirstName && o.driverLastName === r.driverLastName).every((o) => !o.email),
  )!;
  const years = records
    .filter((r) => r.driverFirstName === person.driverFirstName && r.driverLastName === person.driverLastName)
    .map((r) => r.year)
    .sort();
  const id = unique();
  const oldAddress = `volunteer.old.${id}@example.org`;
  const newAddress = `volunteer.new.${id}@example.org`;
  const name = `${person.driverFirstName} ${person.driverLastName}`;
  const csv = [
    'year,firstName,lastName,email',
    ...years.map((y) => `${y},${person.driverFirstName},${person.driverLastName},${oldAddress}`),
  ];

  // The import: the result shows the same counts as the preview.
  await page.goto('/admin/historic-emails');
  // The form takes the file only once the page has loaded its records.
  await expect(page.getByText(/^Showing \d+ of \d+ ralliers$/)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) });
  await page.getByRole('button', { name: 'Preview import' }).click();
  // Reading the file happens in a worker thread; give it time on a busy machine.
  await expect(page.getByRole('heading', { name: 'Preview of list.csv' })).toBeVisible({ timeout: 30_000 });
  const previewed: string[] = [];
  for (const o of OUTCOMES) previewed.push((await page.getByTestId(`import-count-${o}`).textContent()) ?? '');
  expect(previewed).toEqual(['1', String(years.length - 1), '0', '0', '0']);
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText(/^Import applied:/)).toBeVisible({ timeout: 30_000 });
  for (const [i, o] of OUTCOMES.entries()) await expect(page.getByTestId(`import-result-${o}`)).toHaveText(previewed[i]!);
  await expect(page.getByText(/account/i)).toHaveCount(0);

  // The address changes: the person keeps their rallies, and the old address leaves the list.
  await page.goto('/admin/contacts');
  await page.getByLabel('Search', { exact: true }).fill(oldAddress);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  // The row being edited (the "add a contact" form above has an Email box too).
  const editing = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Save' }) });
  await editing.getByLabel('Email', { exact: true }).fill(newAddress);
  await editing.getByLabel('Consent').selectOption('opted_in');
  await editing.getByRole('button', { name: 'Save' }).click();
  await page.getByLabel('Search', { exact: true }).fill(id);
  await expect(page.getByText(newAddress)).toBeVisible();
  await expect(page.getByText(oldAddress)).toHaveCount(0);
  const after: Rec[] = await (await page.request.get('/api/admin/historic-participants')).json();
  const theirs = after.filter((r) => r.driverFirstName === person.driverFirstName && r.driverLastName === person.driverLastName);
  expect(theirs.map((r) => r.email)).toEqual(years.map(() => newAddress));

  // The role column: a driver, with every rally.
  await page.goto('/admin/mailing-list');
  const row = page.getByRole('row').filter({ hasText: newAddress });
  await expect(row.getByRole('cell', { name: 'Driver', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: years.join(', '), exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: oldAddress })).toHaveCount(0);

  // A mailing to the opted-in contacts of the person's first year, with a link to the site.
  const subject = `Season news ${id}`;
  const target = new URL('/about', page.url()).href;
  await page.getByLabel('Year').selectOption(String(years[0]));
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Edit as HTML').check();
  await page.getByLabel('Content (HTML)').fill(`<p>See <a href="${target}">the past rallies</a>.</p>`);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const progress = page.getByRole('listitem').filter({ hasText: subject });
  await expect(progress.getByText('Finished')).toBeVisible({ timeout: 90_000 });
  await expect(progress.getByText(/· 0 clicked a link/)).toBeVisible();

  // The recipient clicks the link in the e-mail twice: it opens the page, and counts once.
  const raw = outboxMessagesTo(newAddress).find((m) => m.includes(subject));
  expect(raw).toBeTruthy();
  const mail = await simpleParser(raw!);
  const counted = /href="(https?:\/\/[^"]+\/l\/[^"]+)"/.exec(String(mail.html))?.[1];
  expect(counted).toBeTruthy();
  expect(String(mail.html)).not.toContain(`href="${target}"`);
  const recipient = await page.context().browser()!.newPage();
  for (let i = 0; i < 2; i++) {
    await recipient.goto(new URL(new URL(counted!).pathname, page.url()).href);
    await expect(recipient).toHaveURL(target);
  }
  await page.reload();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: subject })
      .getByText(/· 1 clicked a link/),
  ).toBeVisible();
  await page.getByRole('button', { name: `Open ${subject}` }).click();
  await expect(page.getByTestId('send-clicks')).toHaveText('1 recipient');
  await page.keyboard.press('Escape');

  // Unsubscribing asks first, and only then says it is done.
  const unsubscribe = /href="https?:\/\/[^"]+(\/unsubscribe\/[^"]+)">Unsubscribe/.exec(String(mail.html))?.[1];
  expect(unsubscribe).toBeTruthy();
  await recipient.goto(new URL(unsubscribe!, page.url()).href);
  await expect(recipient.getByRole('heading', { name: 'Unsubscribe from rally emails' })).toBeVisible();
  await expect(recipient.getByRole('heading', { name: 'Successfully Unsubscribed' })).toHaveCount(0);
  await recipient.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(recipient.getByRole('heading', { name: 'Successfully Unsubscribed' })).toBeVisible();
  await recipient.reload();
  await expect(recipient.getByRole('heading', { name: 'Already Unsubscribed' })).toBeVisible();
  await recipient.close();

  // The import made no login account: the old address can still register as new.
  const registered = await request.post('/api/auth/register', {
    data: { email: oldAddress, password: 'a long enough password', firstName: 'New', lastName: 'Person' },
  });
  expect(registered.status()).toBe(201);
});
