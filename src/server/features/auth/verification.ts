import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailVerificationTokens, users, type User } from '../../db/schema';
import { hashToken } from './reset-tokens';
import { linkSignupsToUser } from './users';

/** A verification link is good for 24 hours. */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Issues a single-use verification token and returns the raw value for the link; only its hash is
 * stored, and the user's older tokens are revoked in the same transaction (the newest link wins).
 */
export async function issueVerificationToken(db: Db, userId: string): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    await tx
      .insert(emailVerificationTokens)
      .values({ userId, token: hashToken(raw), expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS) });
  });
  return raw;
}

/**
 * Uses a verification token: it is deleted as it is read, so it works once. Returns the verified
 * user, or null for an unknown, used or expired token (nothing changes then).
 */
export async function verifyWithToken(db: Db, raw: string): Promise<User | null> {
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(emailVerificationTokens)
      .where(eq(emailVerificationTokens.token, hashToken(raw)))
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    return row.userId;
  });
  if (!userId) return null;
  return markVerified(db, userId);
}

/**
 * Records that the owner proved the mailbox, and only at that moment links the teams registered
 * under that address. For an account already verified it changes nothing and links nothing, so a
 * team registered later by someone else never attaches itself to an existing dashboard.
 * Returns the user (null when the account is gone).
 */
export async function markVerified(db: Db, userId: string): Promise<User | null> {
  const [verified] = await db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  if (verified) {
    await linkSignupsToUser(db, verified);
    return verified;
  }
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

/** Deletes verification tokens whose time has passed (run by the scheduled clean-up). */
export async function purgeExpiredVerificationTokens(db: Db): Promise<number> {
  const rows = await db
    .delete(emailVerificationTokens)
    .where(lt(emailVerificationTokens.expiresAt, new Date()))
    .returning({ id: emailVerificationTokens.id });
  return rows.length;
}
