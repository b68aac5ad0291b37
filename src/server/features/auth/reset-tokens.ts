import { and, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { hashToken } from '../../services/password-tokens';
import { storedSessionId } from '../../plugins/session-store';

/** True while the token exists and has time left; a cheap check before the costly hashing. */
export async function isTokenLive(db: Db, raw: string): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.token, hashToken(raw)));
  return !!row && row.expiresAt.getTime() > Date.now();
}

/**
 * Sets a new password with a token: the token is deleted as it is read (so two requests cannot
 * both use it), the user's other tokens and every other session end, all in one transaction.
 * Returns the user id, or null for an unknown, used or expired token (nothing changes then).
 */
export async function resetPasswordWithToken(db: Db, raw: string, passwordHash: string, keepSessionId?: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passwordResetTokens)
      .where(eq(passwordResetTokens.token, hashToken(raw)))
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    await tx.update(users).set({ password: passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, row.userId));
    await tx
      .delete(sessions)
      .where(
        keepSessionId
          ? and(eq(sessions.userId, row.userId), ne(sessions.sid, storedSessionId(keepSessionId)))
          : eq(sessions.userId, row.userId),
      );
    return row.userId;
  });
}

/** Deletes tokens whose time has passed (run by the scheduled clean-up). */
export async function purgeExpiredTokens(db: Db): Promise<number> {
  const rows = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, new Date()))
    .returning({ id: passwordResetTokens.id });
  return rows.length;
}
