import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResetTokens } from '../db/schema';
import { theRow } from '../db/rows';

/** A forgotten-password link is good for one hour (spec section 9). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A "set your password" link sent with login credentials is good for three days. */
export const SET_PASSWORD_TOKEN_TTL_MS = 72 * 60 * 60 * 1000;

/** Only this hash is stored, so a leaked database table holds no usable link. */
export const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

/**
 * Issues a single-use password link token for a user and returns the raw token (256 random bits,
 * base64url) to put in the link `/reset-password?token=...`. Older tokens of the user are revoked
 * in the same transaction, so only the newest link works.
 *
 * Used by forgot-password (RESET_TOKEN_TTL_MS) and by the organisers' "send login credentials"
 * (SET_PASSWORD_TOKEN_TTL_MS): the /reset-password screen sets the password either way, including
 * for an account that has none yet.
 */
export async function issuePasswordToken(db: Db, userId: string, ttlMs: number = RESET_TOKEN_TTL_MS): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.insert(passwordResetTokens).values({ userId, token: hashToken(raw), expiresAt: new Date(Date.now() + ttlMs) });
  });
  return raw;
}

/**
 * Adds a token beside the user's others and returns it with its row id. For links whose delivery
 * may fail (login credentials): the older links are revoked with `keepOnlyToken` once the new one
 * has been sent, and a link that could not be sent is taken back with `deleteToken`, so a failed
 * e-mail never leaves the person without the link they already had.
 */
export async function addPasswordToken(db: Db, userId: string, ttlMs: number): Promise<{ raw: string; id: number }> {
  const raw = randomBytes(32).toString('base64url');
  const row = theRow(
    await db
      .insert(passwordResetTokens)
      .values({ userId, token: hashToken(raw), expiresAt: new Date(Date.now() + ttlMs) })
      .returning({ id: passwordResetTokens.id }),
    'the new password token',
  );
  return { raw, id: row.id };
}

/** Revokes every other token of the user. */
export async function keepOnlyToken(db: Db, userId: string, id: number): Promise<void> {
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), ne(passwordResetTokens.id, id)));
}

export async function deleteToken(db: Db, id: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.id, id));
}
