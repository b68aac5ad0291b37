import { describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer';
import { simpleParser } from 'mailparser';
import { buildMail } from './mail-build';

const date = new Date('2026-09-10T12:00:00Z');
const base = { from: 'Jersey Charity Rally <no-reply@example.org>', to: 'ann@example.test', date, messageId: '<m-1@example.org>' };
const messages = {
  'text and HTML': { ...base, subject: 'Rally news', text: 'Hello\n\nThe rally is open.', html: '<h1>Hello</h1><p>The rally is open.</p>' },
  'text only': { ...base, subject: 'Reset', text: 'https://rally.example.org/reset-password?token=x' },
  'accents, long lines and trailing spaces': {
    ...base,
    to: 'Zoë Le Sueur <zoe@example.test>',
    subject: 'Équipe « Clueless » – départ à 9 h',
    text: `Bonjour Zoë,  \n${'très long '.repeat(30)}\n. a line starting with a dot\n\tend `,
    html: `<p style="color:#666">${'é'.repeat(200)}</p>\n<a href="https://example.org/${'x'.repeat(120)}">link</a>  `,
    headers: {
      'List-Unsubscribe': `<https://example.org/unsubscribe/${'t'.repeat(60)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    replyTo: 'Organisers <org@example.org>',
  },
  'mostly non-Latin text (base64)': {
    ...base,
    subject: '集合',
    text: '集合場所は港です。'.repeat(20),
    html: `<p>${'集合場所は港です。'.repeat(20)}</p>`,
  },
};

describe('building a message in one pass', () => {
  for (const [name, mail] of Object.entries(messages)) {
    it(`gives the same bytes as nodemailer's own build: ${name}`, async () => {
      const ours = (await buildMail(mail)).raw.toString('utf-8');
      // nodemailer's boundaries are random per message: the same one is put in both before comparing.
      const theirs = (await new MailComposer(mail).compile().build()).toString('utf-8');
      const boundary = (s: string) => /boundary="([^"]+)"/.exec(s)?.[1];
      expect(boundary(ours) === undefined).toBe(boundary(theirs) === undefined);
      const same = (s: string) => (boundary(s) ? s.split(boundary(s)!).join('BOUNDARY') : s);
      expect(same(ours)).toBe(same(theirs));
      const parsed = await simpleParser(ours);
      expect(parsed.subject).toBe(mail.subject);
      expect(parsed.text?.trim()).toBe(mail.text.trim());
    });
  }

  it('answers the Message-ID the message carries', async () => {
    const { raw, messageId } = await buildMail({ ...messages['text only'], messageId: undefined });
    expect(messageId).toMatch(/^<.+@example\.org>$/);
    expect(raw.toString()).toContain(`Message-ID: ${messageId}`);
  });
});
