import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { DEMO_ADMIN } from './support/env';
import { expectAccessible, outboxMessagesTo, unique } from './support/helpers';
import { test } from './support/signed-in';

/** A space typed at the end of a line in the editor may be a no-break space; read both alike. */
const plain = (text: string | false | undefined) => String(text || '').replace(/\u00a0/g, ' ');

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();

test('an organiser writes a message with a first-name merge field, previews it, tests it, sends it to opted-in contacts and opens it in the history', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN.email);
  const id = unique();
  const reader = { firstName: `Zoë${id.slice(-6)}`, lastName: 'Le Marquand', email: `e2e.composer.${id}@example.org` };
  const asked = { firstName: 'Never', lastName: 'Asked', email: `e2e.composer.not-asked.${id}@example.org` };
  for (const [who, consent] of [
    [reader, 'opted_in'],
    [asked, 'not_asked'],
  ] as const) {
    const res = await page.request.post('/api/admin/contacts', { data: { ...who, consent } });
    expect(res.status()).toBe(201);
  }

  await page.goto('/admin/mailing-list');
  await expect(page.getByRole('heading', { name: 'Mailing List' })).toBeVisible();
  const composer = page.getByRole('region', { name: 'Send bulk email' });
  const subject = `Autumn news ${id}`;
  await composer.getByLabel('Subject').fill(subject);

  // The rich-text editor: a heading, then a paragraph with the first-name merge field and bold text.
  const editor = composer.getByRole('textbox', { name: 'Message' });
  await editor.click();
  // A toolbar button hands the focus back to the editor: typing waits for it, or its first key is lost.
  await composer.getByRole('button', { name: 'Heading', exact: true }).click();
  await expect(editor).toBeFocused();
  await page.keyboard.type('Ferry times');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Dear ');
  await composer.getByRole('button', { name: 'Insert first name' }).click();
  await expect(editor).toBeFocused();
  await page.keyboard.type(', the ferry leaves at 8am');
  // Bold by selecting the word, as most people do. (Turning bold on after a typed space sometimes
  // took the space into the bold text, as Chromium had not yet handed the space to the editor.)
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowLeft');
  await composer.getByRole('button', { name: 'Bold' }).click();
  await expect(editor.locator('h2')).toHaveText('Ferry times');
  await expect(editor.locator('strong')).toHaveText('8am');
  await expect(editor).toContainText('Dear {{firstName}}, the ferry leaves at 8am');

  // Saved as a draft, and continued after a reload.
  await composer.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page)).toContainText('Draft saved');
  await page.reload();
  await composer.getByRole('button', { name: `Open draft ${subject}` }).click();
  await expect(composer.getByLabel('Subject')).toHaveValue(subject);
  await expect(composer.getByRole('textbox', { name: 'Message' })).toContainText('Dear {{firstName}}');

  // The audience from the contact list's filters; the count is the server's.
  const counted = page.waitForResponse(
    (r) => r.url().includes('/api/admin/bulk-mail/audience-count') && r.url().includes('consent=opted_in'),
  );
  await composer.getByLabel('Source').selectOption({ label: 'Added by hand' });
  await composer.getByLabel('Consent').selectOption({ label: 'Opted In' });
  const count = (await (await counted).json()).count as number;
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(composer.getByText(`This email will be sent to ${count} recipient`)).toBeVisible();
  await expectAccessible(page);

  // The preview for the chosen recipient, rendered by the server.
  await composer.getByRole('button', { name: 'Preview' }).click();
  await composer.getByLabel('Preview for').selectOption({ label: `${reader.firstName} ${reader.lastName} <${reader.email}>` });
  const frame = composer.frameLocator('iframe[title="Message preview"]');
  await expect(frame.getByText(`Dear ${reader.firstName}, the ferry leaves at 8am`)).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Ferry times' })).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();

  // A test to the organiser's own address, filled in for that recipient; nobody else gets it.
  await composer.getByRole('button', { name: 'Send test to me' }).click();
  await expect(toast(page)).toContainText(`Test email sent to ${DEMO_ADMIN.email}`);
  const tests = () => outboxMessagesTo(DEMO_ADMIN.email).filter((m) => m.includes(subject));
  await expect.poll(() => tests().length, { timeout: 15_000 }).toBe(1);
  const testMail = await simpleParser(tests()[0]!);
  expect(testMail.subject).toBe(`[Test] ${subject}`);
  expect(plain(testMail.text)).toContain(`Dear ${reader.firstName}, the ferry leaves at 8am`);
  expect(outboxMessagesTo(reader.email)).toHaveLength(0);

  // The real send, after the confirmation naming the count.
  await composer.getByRole('button', { name: 'Send Email' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to send this email to ${count} recipients?`);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(page)).toContainText('Emails sent');
  await expect(composer.getByLabel('Subject')).toHaveValue('');
  // Sent: the draft has become a send.
  await expect(composer.getByRole('button', { name: `Open draft ${subject}` })).toHaveCount(0);

  const progress = page.locator('li').filter({ has: page.getByRole('progressbar', { name: `Progress of ${subject}` }) });
  await expect(progress.getByText(new RegExp(`^${count} sent · 0 failed · 0 bounced · 0 skipped · 0 remaining`))).toBeVisible({
    timeout: 60_000,
  });
  await expect(progress.getByText('Finished')).toBeVisible();
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  await expect.poll(() => outboxMessagesTo(reader.email).length, { timeout: 15_000 }).toBe(1);
  const mail = await simpleParser(outboxMessagesTo(reader.email)[0]!);
  expect(mail.subject).toBe(subject);
  expect(plain(mail.text)).toContain(`Dear ${reader.firstName}, the ferry leaves at 8am`);
  expect(String(mail.html)).toContain('<strong>8am</strong>');
  expect(outboxMessagesTo(asked.email)).toHaveLength(0);

  // Opened from the history: the audience, the counts and the message as written.
  await progress.getByRole('button', { name: `Open ${subject}` }).click();
  const opened = page.getByRole('dialog', { name: subject });
  await expect(opened).toContainText('Mailing list · Added by hand · Opted In · only opted in');
  await expect(opened).toContainText(`${count} recipients: ${count} sent · 0 failed · 0 bounced`);
  await expect(
    opened.frameLocator('iframe[title="Message as sent"]').getByText('Dear {{firstName}}, the ferry leaves at 8am'),
  ).toBeVisible();
  // Checked with the message closed: axe waits forever on a sandboxed frame where no script may run.
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();
  await expectAccessible(page);
});
