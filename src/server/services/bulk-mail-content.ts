import sanitizeHtml from 'sanitize-html';
import { convert } from 'html-to-text';
import type { MailMessage } from './mail';

/** What an organiser may put in a bulk e-mail: text formatting, links, images; no scripts or styles. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
};

/** The stored content of a send: the sanitised HTML and a plain-text part derived from it. */
export function prepareContent(html: string): { html: string; text: string } {
  const clean = sanitizeHtml(html, SANITIZE).trim();
  return { html: clean, text: convert(clean, { wordwrap: 78, selectors: [{ selector: 'img', format: 'skip' }] }).trim() };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The message to one recipient, with the personal unsubscribe link in the body and in the RFC 8058 headers. */
export function personalMessage(
  send: { subject: string; html: string; text: string },
  to: { email: string; messageId: string; unsubscribeUrl: string },
): MailMessage {
  const url = to.unsubscribeUrl;
  return {
    to: to.email,
    subject: send.subject,
    messageId: to.messageId,
    html:
      `${send.html}\n<hr style="margin-top:32px;border:none;border-top:1px solid #ddd">` +
      `<p style="font-size:12px;color:#666">You are receiving this because you are on the Jersey Charity Rally mailing list. ` +
      `<a href="${escapeHtml(url)}">Unsubscribe</a></p>`,
    text: `${send.text}\n\n--\nTo stop receiving these e-mails, open ${url}`,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The domain of the sender address, for Message-IDs. */
export function messageIdDomain(mailFrom: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'jerseycharityrally.org';
}

/**
 * A failure worth retrying: an SMTP 4xx reply, or the connection failing before a reply.
 * A 5xx reply (unknown mailbox, refused) is final.
 */
export function isTemporaryFailure(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e?.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE'].includes(e?.code ?? '');
}

/** Spaces out starts to `perSecond` across every send in this process. */
export class RateLimiter {
  private next = 0;
  constructor(private perSecond: number) {}
  async take(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + 1000 / this.perSecond;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  }
}
