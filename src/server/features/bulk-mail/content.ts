import escapeHtml from 'escape-html';
import sanitizeHtml from 'sanitize-html';
import { convert } from 'html-to-text';
import type { MailMessage } from '../../services/mail';
import type { Config } from '../../config';
import { siteLink } from '../../services/site-links';
import { signClick, type ClickLink } from '../../services/signed-link';
import { FOLLOWERS_KIND } from '../../services/follower-audience';

/** What an organiser may put in a bulk e-mail: text formatting, links, images; no scripts or styles. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
};

/**
 * The plain-text part. Headings keep their case: upper-casing them would also turn a merge field
 * ({{firstName}}) into one that is never filled in.
 */
const TO_TEXT = {
  wordwrap: 78,
  selectors: [
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', options: { uppercaseHeaderCells: false } },
  ],
};

/** The stored content of a send: the sanitised HTML and a plain-text part derived from it. */
export function prepareContent(html: string): { html: string; text: string } {
  const clean = sanitizeHtml(html, SANITIZE).trim();
  return { html: clean, text: convert(clean, TO_TEXT).trim() };
}

/**
 * The stored content of a plain-text message (the registrations table's "E-mail selected teams"):
 * the text as written, and HTML with it escaped, a paragraph per blank-line block and line breaks kept.
 */
export function plainTextContent(message: string): { html: string; text: string } {
  const text = message.replace(/\r\n?/g, '\n').trim();
  const html = text
    .split(/\n\s*\n/)
    .map((block) => `<p>${escapeHtml(block.trim()).replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
  return { html, text };
}

/**
 * A recipient's personal unsubscribe link, built from the configuration (never from a request),
 * for the real send and for the composer's preview alike.
 */
export const unsubscribeUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, token: string | null) =>
  siteLink(config, `/unsubscribe/${encodeURIComponent(token ?? '')}`);

/** A counted link of a bulk e-mail: the site's /l/ page, which counts the click and sends the reader on. */
export const clickUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, key: Buffer, c: ClickLink) =>
  siteLink(config, `/l/${signClick(key, c)}`);

/** The merge fields an organiser may write in a subject or message. */
export const MERGE_FIELDS = ['firstName', 'teamName'] as const;
/** Filled only in messages the site writes itself: a consent request's personal "Yes" link. */
const SITE_FIELDS = ['consentUrl'] as const;
const FIELD = new RegExp(`\\{\\{\\s*(${[...MERGE_FIELDS, ...SITE_FIELDS].join('|')})\\s*\\}\\}`, 'g');
const HAS_FIELD = new RegExp(FIELD.source);

/**
 * Fills {{firstName}} and {{teamName}}. In HTML the value is escaped, so a name like
 * "<script>" arrives as text; an unknown value becomes empty.
 */
export function fillMergeFields(template: string, values: Record<string, string> | null, mode: 'html' | 'text'): string {
  return template.replace(FIELD, (_m, name: string) => {
    const v = values?.[name] ?? '';
    return mode === 'html' ? escapeHtml(v) : v;
  });
}

/**
 * The pass a message's HTML gets once its merge fields are filled. Escaping keeps a value from
 * making tags, but a value that lands in a URL attribute (<a href="{{firstName}}">) is the whole
 * URL: a contact named "javascript:alert(1)//" would make a script link. Tags and attributes were
 * judged before filling (and the site's own messages keep their styled markup), so this pass only
 * drops URLs of a scheme the composer refuses, read as a browser reads them.
 */
const FILLED_URLS: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  allowedSchemes: SANITIZE.allowedSchemes,
  allowedSchemesByTag: SANITIZE.allowedSchemesByTag,
};

/** The HTML of a message for one recipient: merge fields filled, then no link a value made unsafe. */
export function fillHtml(template: string, values: Record<string, string> | null): string {
  // Without a field to fill, the message is the template, which was judged when it was written.
  if (!HAS_FIELD.test(template)) return template;
  return sanitizeHtml(fillMergeFields(template, values, 'html'), FILLED_URLS);
}

/** Links the site counts clicks on: web links (not mailto:), as the recipient's mail client reads them. */
const COUNTED = /^https?:\/\//i;

/** Walks a message's web links in order with the same parser, letting `each` give each its href. */
function walkLinks(html: string, each: (href: string, index: number) => string): string {
  let n = 0;
  return sanitizeHtml(html, {
    ...FILLED_URLS,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href?.trim();
        if (!href || !COUNTED.test(href)) return { tagName, attribs };
        return { tagName, attribs: { ...attribs, href: each(href, n++) } };
      },
    },
  });
}

/** The web links of a filled message, in order: where the n-th counted link goes. */
export function countedLinks(html: string): string[] {
  const out: string[] = [];
  walkLinks(html, (href) => {
    out.push(href);
    return href;
  });
  return out;
}

/**
 * The message with each web link sent through the site's counter (`counter(n)` for the n-th
 * link), in the HTML and where the plain-text part shows the same address.
 */
function withCountedLinks(msg: { html: string; text: string }, counter: (index: number) => string): { html: string; text: string } {
  // Without a link element there is nothing to count, and the HTML (already through the sanitiser)
  // need not be parsed again for every recipient.
  if (!/<a[\s>]/i.test(msg.html)) return msg;
  const links: string[] = [];
  const html = walkLinks(msg.html, (href, i) => {
    links.push(href);
    return counter(i);
  });
  let text = msg.text;
  // html-to-text writes a link as "words [url]"; each address takes the counter of its first link.
  for (const url of new Set(links)) text = text.split(`[${url}]`).join(`[${counter(links.indexOf(url))}]`);
  return { html, text };
}

/**
 * The message to one recipient. Marketing mail carries the personal unsubscribe link in the body
 * and in the RFC 8058 one-click headers; operational mail to a registered team carries a note
 * saying why it comes whatever their newsletter choice.
 */
export function personalMessage(
  send: { subject: string; html: string; text: string; kind?: string },
  to: {
    email: string;
    messageId: string;
    unsubscribeUrl: string;
    mergeFields?: Record<string, string> | null;
    /** The counted link for the n-th web link, when the send counts clicks. */
    countedLink?: (index: number) => string;
  },
): MailMessage {
  const url = to.unsubscribeUrl;
  const fields = to.mergeFields ?? null;
  const subject = fillMergeFields(send.subject, fields, 'text');
  const filled = { html: fillHtml(send.html, fields), text: fillMergeFields(send.text, fields, 'text') };
  // The unsubscribe link and the footer are added after: they are never counted.
  const { html, text } = to.countedLink ? withCountedLinks(filled, to.countedLink) : filled;
  const footer = '<hr style="margin-top:32px;border:none;border-top:1px solid #ddd"><p style="font-size:12px;color:#666">';
  if (send.kind === 'operational') {
    return {
      to: to.email,
      subject,
      messageId: to.messageId,
      html: `${html}\n${footer}${escapeHtml(OPERATIONAL_NOTE)}</p>`,
      text: `${text}\n\n--\n${OPERATIONAL_NOTE}`,
    };
  }
  const headers = { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  if (send.kind === FOLLOWERS_KIND) {
    return {
      to: to.email,
      subject,
      messageId: to.messageId,
      html: `${html}\n${footer}${escapeHtml(FOLLOWER_NOTE)} <a href="${escapeHtml(url)}">Stop following this team</a></p>`,
      text: `${text}\n\n--\n${FOLLOWER_NOTE} To stop following this team, open ${url}`,
      headers,
    };
  }
  return {
    to: to.email,
    subject,
    messageId: to.messageId,
    html:
      `${html}\n${footer}You are receiving this because you are on the Jersey Charity Rally mailing list. ` +
      `<a href="${escapeHtml(url)}">Unsubscribe</a></p>`,
    text: `${text}\n\n--\nTo stop receiving these e-mails, open ${url}`,
    headers,
  };
}

/** Why a follower gets the message: their follow of one team, nothing to do with the mailing list. */
export const FOLLOWER_NOTE = "You are receiving this because you chose to follow this team's updates from the road.";

export const OPERATIONAL_NOTE =
  "You are receiving this because your team is registered for this year's rally. Messages about the rally itself go to every registered team, whatever your newsletter choice.";

/** A permanent refusal of the address by the receiving server (SMTP 5xx): the contact has bounced. */
export function isBounce(err: unknown): boolean {
  const code = (err as { responseCode?: number })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
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
