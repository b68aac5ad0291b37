import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';
import { usedLinks } from '../db/schema';

/**
 * Signed, single-purpose tokens for links in e-mail (consent, confirmation). The token carries
 * its purpose, the address, when it was made and an expiry, and an HMAC over them all: a token made
 * for one purpose is refused for another, and nobody can make one without the server's key.
 * A link that grants something is spent on its first use (spendLink).
 */
export type LinkPurpose = 'consent' | 'confirm-updates' | 'confirm-follow';
/** `i` (issued at) is missing from links made before it was added. */
type Payload = { p: LinkPurpose; e: string; x: number; i?: number };

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long each kind of link works; also how the issue time of a link made without one is worked out. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  consent: 60 * DAY_MS,
  'confirm-updates': 7 * DAY_MS,
  'confirm-follow': 7 * DAY_MS,
};

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(`signed-link:${body}`).digest('base64url');

export function signLink(key: Buffer, purpose: LinkPurpose, email: string, ttlMs = LINK_LIFETIME_MS[purpose], now = Date.now()): string {
  const payload: Payload = { p: purpose, e: email.trim().toLowerCase(), x: now + ttlMs, i: now };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

export type ReadLink = { email: string; issuedAt: Date };

/** The address and issue time of a valid token of this purpose, or null (bad signature, other purpose, expired). */
export function readLink(key: Buffer, purpose: LinkPurpose, token: string, now = Date.now()): ReadLink | null {
  const [body, sig] = token.split('.');
  if (!body || !sig) return null;
  const want = Buffer.from(mac(key, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    if (p.p !== purpose || typeof p.e !== 'string' || typeof p.x !== 'number' || !(p.x > now)) return null;
    const issuedAt = typeof p.i === 'number' ? p.i : p.x - LINK_LIFETIME_MS[purpose];
    return { email: p.e, issuedAt: new Date(issuedAt) };
  } catch {
    return null;
  }
}

/** The address a valid token of this purpose was made for, or null (bad signature, other purpose, expired). */
export function verifyLink(key: Buffer, purpose: LinkPurpose, token: string, now = Date.now()): string | null {
  return readLink(key, purpose, token, now)?.email ?? null;
}

/** What a signed link is remembered by once used: a hash, so the table holds no working token. */
export const linkHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Marks the link used, in the caller's transaction; false when it was used before. The grant it
 * carries is recorded in the same transaction, so two clicks at once still grant once.
 */
export async function spendLink(db: Db, purpose: LinkPurpose, token: string): Promise<boolean> {
  const spent = await db
    .insert(usedLinks)
    .values({ tokenHash: linkHash(token), purpose })
    .onConflictDoNothing()
    .returning({ tokenHash: usedLinks.tokenHash });
  return spent.length > 0;
}

/** One link of one bulk e-mail to one recipient: the n-th link of the message, counted from 0. */
export type ClickLink = { sendId: number; recipientId: number; link: number };

/**
 * The token of a counted link in a bulk e-mail (/l/{token}). It names the send, the outbox row and
 * the link's place in the message, never the address it goes to, so it cannot be made to send
 * anyone elsewhere; the HMAC stops anyone counting clicks for another recipient. It does not
 * expire: links in an old newsletter keep working.
 */
export function signClick(key: Buffer, c: ClickLink): string {
  const body = `${c.sendId}.${c.recipientId}.${c.link}`;
  return `${body}.${mac(key, `click:${body}`)}`;
}

/** The link a valid click token names, or null. */
export function readClick(key: Buffer, token: string): ClickLink | null {
  const m = /^(\d{1,9})\.(\d{1,9})\.(\d{1,4})\.([\w-]+)$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(mac(key, `click:${m[1]}.${m[2]}.${m[3]}`));
  const got = Buffer.from(m[4]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return { sendId: Number(m[1]), recipientId: Number(m[2]), link: Number(m[3]) };
}
