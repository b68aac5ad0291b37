import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';
import { usedLinks } from '../db/schema';

/**
 * Signed, single-purpose tokens for links in e-mail (consent, confirmation). The token carries
 * its purpose, the address and an expiry, and an HMAC over all three: a token made for one
 * purpose is refused for another, and nobody can make one without the server's key.
 * A link that grants something is spent on its first use (spendLink).
 */
export type LinkPurpose = 'consent' | 'confirm-updates';
type Payload = { p: LinkPurpose; e: string; x: number };

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(`signed-link:${body}`).digest('base64url');

export function signLink(key: Buffer, purpose: LinkPurpose, email: string, ttlMs = 60 * 24 * 60 * 60 * 1000, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ p: purpose, e: email.trim().toLowerCase(), x: now + ttlMs } satisfies Payload)).toString(
    'base64url',
  );
  return `${body}.${mac(key, body)}`;
}

/** The address a valid token of this purpose was made for, or null (bad signature, other purpose, expired). */
export function verifyLink(key: Buffer, purpose: LinkPurpose, token: string, now = Date.now()): string | null {
  const [body, sig] = token.split('.');
  if (!body || !sig) return null;
  const want = Buffer.from(mac(key, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    return p.p === purpose && typeof p.e === 'string' && p.x > now ? p.e : null;
  } catch {
    return null;
  }
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
