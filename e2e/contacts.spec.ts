import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { DEMO_ADMIN } from './support/env';
import { expectAccessible, outboxMessagesTo, unique } from './support/helpers';
import { test } from './support/signed-in';

type Rec = {
  year: number;
  driverFirstName: string | null;
  driverLastName: string | null;
  email: string | null;
  coDriverFirstName: string | null;
  coDriverLastName: string | null;
};
type Contact = { id: number; email: string; firstName: string; lastName: string; consent: string };

const plain = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '');
const nameKey = (year: number, first: string, last: string) => `${year}|${plain(first).toLowerCase()}|${plain(last).toLowerCase()}`;

/** The path of the first link to `pagePath` in the newest message to this address with this subject. */
async function linkPathIn(address: string, subject: RegExp, pagePath: string): Promise<string> {
  const newest = () =>
    outboxMessagesTo(address)
      .filter((m) => subject.test(m))
      .at(-1);
  await expect.poll(() => Boolean(newest()), { timeout: 30_000 }).toBe(true);
  const mail = await simpleParser(newest()!);
  const link = new RegExp(`https?://[^\\s"<>]+${pagePath}/[^\\s"<>]+`).exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();
  return new URL(link!).pathname;
}

async function contactsMatching(page: Page, query: string): Promise<Contact[]> {
  return (await (await page.request.get(`/api/admin/contacts${query}`)).json()).contacts;
}

test('an organiser previews a spreadsheet import, confirms a changed address, applies it and finds the people in the contacts', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO_ADMIN.email);

  // People named once in their year (as driver or co-driver), so each row matches one record; taken
  // from the end of the list (the historic mailing journey takes its person from the start).
  const records: Rec[] = await (await page.request.get('/api/admin/historic-participants')).json();
  const seen = new Map<string, number>();
  const count = (y: number, f: string | null, l: string | null) =>
    f && l && seen.set(nameKey(y, f, l), (seen.get(nameKey(y, f, l)) ?? 0) + 1);
  for (const r of records) {
    count(r.year, r.driverFirstName, r.driverLastName);
    count(r.year, r.coDriverFirstName, r.coDriverLastName);
  }
  const single = records
    .filter((r) => r.driverFirstName && r.driverLastName && seen.get(nameKey(r.year, r.driverFirstName, r.driverLastName)) === 1)
    .reverse();
  const person = (r: Rec) => `${r.driverFirstName} ${r.driverLastName}`;
  const newcomer = single.find((r) => !r.email && plain(person(r)) !== person(r)) ?? single.find((r) => !r.email)!;
  const moved = single.find((r) => r.email && person(r) !== person(newcomer))!;
  const same = single.find((r) => r.email && r.email !== moved.email && ![person(newcomer), person(moved)].includes(person(r)))!;
  const newcomerAddress = `import.${unique()}@example.org`;
  const movedAddress = `moved.${unique()}@example.org`;

  // Header spellings of a hand-made sheet; names typed without accents, in capitals, with extra spaces.
  const csv = [
    'Year,First Name,Surname,E-mail',
    `${newcomer.year},  ${plain(newcomer.driverFirstName!).toUpperCase()} ,${plain(newcomer.driverLastName!)},${newcomerAddress.toUpperCase()}`,
    `${moved.year},${moved.driverFirstName},${moved.driverLastName},${movedAddress}`,
    `${same.year},${same.driverFirstName},${same.driverLastName},${same.email!.toUpperCase()}`,
    '2099,Nobody,Here,nobody@example.org',
  ].join('\n');

  await page.goto('/admin/historic-emails');
  await expect(page.getByRole('heading', { name: 'Historic Rallier Database' })).toBeVisible();
  await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview import' }).click();

  await expect(page.getByRole('heading', { name: 'Preview of contacts.csv' })).toBeVisible();
  for (const [outcome, n] of [
    ['created', 1],
    ['updated', 0],
    ['unchanged', 1],
    ['changed', 1],
    ['unmatched', 1],
    ['skipped', 0],
  ] as const)
    await expect(page.getByTestId(`import-count-${outcome}`), outcome).toHaveText(String(n));
  const change = page.getByRole('checkbox', { name: `Line 3: ${person(moved)} (${moved.year}): ${moved.email} to ${movedAddress}` });
  await expect(change).not.toBeChecked();
  // The row with no rally record is listed apart, and left out unless added as a contact.
  const unmatched = page.getByRole('group', { name: 'Not matched to a rally record (1)' });
  await expect(unmatched.getByRole('row').filter({ hasText: 'nobody@example.org' })).toContainText('Nobody Here');
  await expect(unmatched.getByLabel('Add them as contacts')).not.toBeChecked();
  await page.getByText('Created (1)').click();
  await expect(page.getByText(`${newcomerAddress}: added to the ${newcomer.year} record (driver); a new contact`)).toBeVisible();
  await expectAccessible(page);
  // Nothing is applied by the preview.
  expect(await contactsMatching(page, `?q=${encodeURIComponent(newcomerAddress)}`)).toEqual([]);

  await change.check();
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText('Import applied: 1 created, 0 updated, 1 changed, 1 unchanged, 1 skipped.')).toBeVisible();

  await page.goto('/admin/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await page.getByLabel('Search').fill(newcomerAddress);
  const row = page.getByRole('listitem').filter({ hasText: newcomerAddress });
  await expect(row).toBeVisible();
  await expect(row.getByText('Historic rallier')).toBeVisible();
  await expect(row.getByText('Not Asked')).toBeVisible();
  await page.getByLabel('Search').fill(movedAddress);
  await expect(page.getByRole('listitem').filter({ hasText: movedAddress })).toBeVisible();
});

test('an organiser searches and filters the contacts, edits consent inline and asks the not-asked for consent', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN.email);

  // Get Updates with double opt-in: a contact only once the link in the e-mail is followed.
  const subscriber = `updates.${unique()}@example.org`;
  expect((await page.request.post('/api/email-updates', { data: { name: 'Lena Querée', email: subscriber } })).status()).toBe(201);
  const confirmPath = await linkPathIn(subscriber, /^Subject: Please confirm/m, '/consent');
  expect(await contactsMatching(page, `?q=${encodeURIComponent(subscriber)}`)).toEqual([]);
  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { name: 'Thank you, Lena' })).toBeVisible();

  await page.goto('/admin/contacts');
  await expect(page.getByText(/^Showing \d+ of \d+ contacts$/)).toBeVisible();
  await expectAccessible(page);

  // Search and filters.
  await page.getByLabel('Search').fill(subscriber);
  const subscriberRow = page.getByRole('listitem').filter({ hasText: subscriber });
  await expect(subscriberRow.getByText('Opted In')).toBeVisible();
  await expect(subscriberRow.getByText('Get Updates').first()).toBeVisible();
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Source').selectOption({ label: 'Get Updates' });
  await page.locator('#contact-consent').selectOption({ label: 'Opted Out' });
  await expect(page.getByText('No contacts match these filters.')).toBeVisible();
  await page.locator('#contact-consent').selectOption({ label: 'Opted In' });
  await expect(subscriberRow).toBeVisible();
  await page.getByLabel('Source').selectOption({ label: 'All sources' });
  await page.locator('#contact-consent').selectOption({ label: 'Not Asked' });
  const notAsked = await contactsMatching(page, '?consent=not_asked');
  await expect(page.getByText(`Showing ${notAsked.length} of`)).toBeVisible();

  // Inline edit of one not-asked contact's consent.
  const edited = notAsked[0]!;
  const editedName = `${edited.firstName} ${edited.lastName}`.trim();
  await page.locator('#contact-consent').selectOption({ label: 'Any consent' });
  await page.getByLabel('Search').fill(edited.email);
  await page.getByRole('button', { name: `Edit ${editedName}` }).click();
  const form = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Save' }) });
  await form.getByLabel('Consent').selectOption({ label: 'Opted In' });
  await form.getByRole('button', { name: 'Save' }).click();
  const editedRow = page.getByRole('listitem').filter({ hasText: edited.email });
  await expect(editedRow.getByText('Opted In')).toBeVisible();
  await expect(editedRow.getByText(`organiser ${DEMO_ADMIN.email}`)).toBeVisible();

  // Request consent: the server's count first, then the send through the outbox.
  const asked = (await contactsMatching(page, '?consent=not_asked'))[0]!;
  const optedOut = (await contactsMatching(page, '?consent=opted_out'))[0]!;
  const { count } = await (await page.request.get('/api/admin/contacts/consent-request')).json();
  expect(count).toBeGreaterThan(0);
  await page.getByLabel('Search').fill('');
  await page.getByRole('button', { name: 'Request consent' }).click();
  await expect(page.getByText(`Send the consent request to ${count} contact${count === 1 ? '' : 's'}?`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText(`Consent request queued for ${count} contact${count === 1 ? '' : 's'}.`)).toBeVisible();

  // Its progress is in the one sending view.
  await page.getByRole('link', { name: 'Follow the sending' }).click();
  const progress = page.getByRole('listitem').filter({ hasText: 'Would you like to hear about the Jersey Charity Rally?' }).first();
  await expect(progress.getByText('Finished')).toBeVisible({ timeout: 60_000 });

  // One click on the link records the answer; the opted-out contact was not sent it.
  const yesPath = await linkPathIn(asked.email, /Would you like to hear about/, '/consent');
  expect(outboxMessagesTo(optedOut.email).some((m) => /Would you like to hear about/.test(m))).toBe(false);
  await page.goto(yesPath);
  await expect(page.getByRole('heading', { name: /^Thank you/ })).toBeVisible();
  await page.goto('/admin/contacts');
  await page.getByLabel('Search').fill(asked.email);
  const askedRow = page.getByRole('listitem').filter({ hasText: asked.email });
  await expect(askedRow.getByText('Opted In')).toBeVisible();
  await expect(askedRow.getByText(/consent request/)).toBeVisible();

  // A second request has nobody left to ask.
  await page.getByRole('button', { name: 'Request consent' }).click();
  await expect(page.getByText('There is nobody to ask: every contact has answered or was asked already.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the request' })).toBeDisabled();
});
