import { describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { checkHeaders, createMailer } from './mail';
import { only } from '../test/rows';

function outboxMailer() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rally-outbox-'));
  const mailer = createMailer({ from: 'Rally <no-reply@example.org>', outboxDir: dir });
  const files = () => readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'));
  return { mailer, files };
}

describe('the file outbox', () => {
  it('writes each message as an .eml file with a plain-text part', async () => {
    const { mailer, files } = outboxMailer();
    expect(mailer.description).toMatch(/^file outbox /);
    await mailer.send({ to: 'ann@example.test', subject: 'Hello', text: 'Plain words', html: '<p>Rich words</p>' });
    const raw = only(files());
    const parsed = await simpleParser(raw);
    expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value[0]?.address).toBe('ann@example.test');
    expect(parsed.text?.trim()).toBe('Plain words');
    expect(parsed.html).toContain('Rich words');
  });

  it('writes each message readable by its owner only (0600), in a folder only the owner opens', async () => {
    // The messages hold reset and confirmation links: another local user must not read them.
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'rally-outbox-')), 'outbox');
    const mailer = createMailer({ from: 'Rally <no-reply@example.org>', outboxDir: dir });
    await mailer.send({ to: 'ann@example.test', subject: 'Reset', text: 'https://rally.example.org/reset-password?token=x' });
    const file = path.join(dir, only(readdirSync(dir)));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('closes up an outbox written before messages were private: the folder becomes 0700 and its messages 0600', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rally-outbox-'));
    chmodSync(dir, 0o755);
    const old = path.join(dir, '2025-01-01T00-00-00-000Z-0000abcd.eml');
    writeFileSync(old, 'Subject: Reset\n\nhttps://rally.example.org/reset-password?token=x\n', { mode: 0o644 });
    chmodSync(old, 0o644); // whatever the umask
    createMailer({ from: 'Rally <no-reply@example.org>', outboxDir: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(old).mode & 0o777).toBe(0o600);
  });
});

describe('header injection', () => {
  it('keeps a subject with line breaks on one header line', async () => {
    const { mailer, files } = outboxMailer();
    await mailer.send({ to: 'ann@example.test', subject: 'Hi\r\nBcc: thief@evil.example\r\n\r\nforged body', text: 'x' });
    const raw = only(files());
    const [headerBlock] = raw.split(/\r?\n\r?\n/);
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    const parsed = await simpleParser(raw);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.subject).toBe('Hi Bcc: thief@evil.example forged body');
    expect(parsed.text?.trim()).toBe('x');
  });

  it('refuses a recipient that smuggles in a second address or a header', async () => {
    const { mailer, files } = outboxMailer();
    await expect(mailer.send({ to: 'ann@example.test\r\nBcc: thief@evil.example', subject: 's', text: 'x' })).rejects.toThrow(/line break/);
    await expect(mailer.send({ to: 'ann@example.test, thief@evil.example', subject: 's', text: 'x' })).rejects.toThrow(/one recipient/);
    await expect(
      mailer.send({ to: 'ann@example.test', subject: 's', text: 'x', headers: { 'X-Tag': 'a\nBcc: thief@evil.example' } }),
    ).rejects.toThrow(/line break/);
    expect(files()).toEqual([]);
  });

  it('accepts a named single recipient', () => {
    expect(() => checkHeaders({ to: '"Le Sueur, Olivia" <olivia@example.test>', subject: 's', text: 'x' })).not.toThrow();
  });
});
