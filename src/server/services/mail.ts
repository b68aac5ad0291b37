import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { chmodSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildMail } from './mail-build';

export type MailMessage = {
  to: string;
  subject: string;
  /** Every message has a plain-text part. */
  text: string;
  html?: string;
  /** Fixed per recipient for bulk mail, so a resend is recognisable as the same message. */
  messageId?: string;
  headers?: Record<string, string>;
  replyTo?: string;
};

export type Mailer = {
  /** Where messages go, for the start-up log. */
  description: string;
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
};

const LINE_BREAK = /[\r\n]/;

/** The bare address of "Name <address>", for the SMTP envelope. */
const addressOf = (value: string) => addressparser(value, { flatten: true })[0]?.address ?? value;

/**
 * Header values may hold user input (names, subjects). A line break could start a new header, and
 * a list in `to` would add recipients: a subject's line breaks become spaces, anywhere else the
 * message is refused, before nodemailer (which also folds and encodes every header) sees it.
 */
export function checkHeaders(m: MailMessage): MailMessage {
  const values = [m.to, m.replyTo ?? '', m.messageId ?? '', ...Object.entries(m.headers ?? {}).flat()];
  if (values.some((v) => LINE_BREAK.test(v))) throw new Error('mail header contains a line break');
  const to = addressparser(m.to, { flatten: true });
  if (to.length !== 1 || !to[0]?.address) throw new Error('mail must have exactly one recipient');
  return { ...m, subject: m.subject.replace(/[\r\n]+/g, ' ') };
}

/**
 * mkdir's and writeFile's modes apply only to what they create: a folder and messages written by an
 * older version keep the looser modes they were made with, so the outbox is closed up when it starts.
 */
function tightenOutbox(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // made 0700 by the first message
    throw error;
  }
  chmodSync(dir, 0o700);
  for (const name of names) if (name.endsWith('.eml')) chmodSync(path.join(dir, name), 0o600);
}

/**
 * Real SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the
 * outbox folder so a developer (and the browser tests) can open it.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; connections?: number }): Mailer {
  if (opts.smtpUrl) {
    // A pool keeps SMTP connections open between messages: a bulk send does not pay a TCP and TLS
    // handshake per recipient.
    const transport = nodemailer.createTransport(
      { url: opts.smtpUrl, pool: true, maxConnections: opts.connections ?? 2 } as SMTPTransport.Options,
      { from: opts.from },
    );
    const envelopeFrom = addressOf(opts.from);
    return {
      description: `SMTP ${new URL(opts.smtpUrl).host}`,
      async send(m) {
        const mail = { from: opts.from, ...checkHeaders(m) };
        // Built whole before it goes: streamed part by part, each small piece of the message was a
        // socket write of its own, and those writes were most of a bulk send's time.
        const { raw, messageId } = await buildMail(mail);
        const envelope = { from: envelopeFrom, to: addressOf(mail.to) };
        await transport.sendMail({ envelope, raw });
        return { messageId };
      },
      close: () => transport.close(),
    };
  }
  tightenOutbox(opts.outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `file outbox ${opts.outboxDir}`,
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...checkHeaders(m) });
      // The messages hold reset and confirmation links: readable by the app's own user only.
      await mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(opts.outboxDir, name), info.message as Buffer, { mode: 0o600 });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
