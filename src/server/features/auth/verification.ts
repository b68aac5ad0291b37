import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailVerificationTokens, sessions, users, type User } from '../../db/schema';
import { hashToken } from '../../services/password-tokens';
import { linkTeamsToUser } from '../../services/accounts';

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

/** The account a live verification token belongs to, without using the token (null when unknown, used or expired). */
export async function tokenOwner(db: Db, raw: string): Promise<User | null> {
  const [row] = await db
    .select({ user: users, expiresAt: emailVerificationTokens.expiresAt })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(eq(emailVerificationTokens.token, hashToken(raw)));
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return row.user;
}

/**
 * What the verifier proved besides the mailbox: `keep` when they showed the password chosen before
 * verification (or hold a session made with it), a new hash when they chose a new password.
 */
export type PasswordAtVerification = { keep: true } | { newHash: string };

/**
 * First verification: the person holding the link owns the mailbox, and from now on the only one
 * holding the account. In one transaction the token is used (deleted as it is read, so it works
 * once), the address is marked verified, the password becomes the verifier's (kept only when they
 * proved they know it), every session of the account ends (someone else may have registered the
 * address and still be signed in; the caller gives the verifier a new session), and the teams
 * registered under the address are linked. Returns the user, or null when the token was unknown,
 * used, expired or its account already verified (nothing changes then).
 */
export async function verifyWithToken(db: Db, raw: string, password: PasswordAtVerification): Promise<User | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(emailVerificationTokens)
      .where(eq(emailVerificationTokens.token, hashToken(raw)))
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), ...('newHash' in password ? { password: password.newHash } : {}) })
      .where(and(eq(users.id, row.userId), isNull(users.emailVerifiedAt)))
      .returning();
    if (!verified) return null;
    await tx.delete(sessions).where(eq(sessions.userId, verified.id));
    await linkTeamsToUser(tx, verified);
    return verified;
  });
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
    // Its confirmation link has nothing left to prove.
    await db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    await linkTeamsToUser(db, verified);
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
