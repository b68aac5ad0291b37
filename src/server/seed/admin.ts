import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashPassword } from '../services/passwords';
import { refuseCommonPassword } from '../services/common-passwords';
import type { Mailer } from '../services/mail';
import { siteLink } from '../services/site-links';
import { resetPasswordEmail } from '../features/auth/reset-email';
import { findUserByEmail } from '../services/accounts';
import { issuePasswordToken, SET_PASSWORD_TOKEN_TTL_MS } from '../services/password-tokens';

export type AdminOutcome = 'created' | 'promoted' | 'already-admin';

/**
 * Creates an admin with the operator's password, or promotes an existing user. A promoted user's
 * password (which someone else may know) is removed and every session ends: the owner sets a new
 * password through the e-mailed link before the admin rights can be used. An existing admin is
 * left alone, so ADMIN_EMAIL at every start changes nothing after the first.
 */
export async function ensureAdmin(
  deps: { db: Db; mailer: Mailer; config: Pick<Config, 'PUBLIC_URL' | 'PORT'> },
  email: string,
  /** The new account's password, or how to ask for it: asked only when an account is made. */
  password: string | (() => Promise<string>),
): Promise<AdminOutcome> {
  const { db } = deps;
  const existing = await findUserByEmail(db, email);
  if (existing?.isAdmin) return 'already-admin';
  if (!existing) {
    const chosen = typeof password === 'string' ? password : await password();
    await refuseCommonPassword(chosen, 'password');
    // The operator chose this password and proves the address by configuring it.
    await db.insert(users).values({
      email: email.trim(),
      password: await hashPassword(chosen),
      isAdmin: true,
      firstName: 'Admin',
      emailVerifiedAt: new Date(),
    });
    return 'created';
  }
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isAdmin: true, password: null })
      .where(and(eq(users.id, existing.id), eq(users.isAdmin, false)));
    await tx.delete(sessions).where(eq(sessions.userId, existing.id));
  });
  const token = await issuePasswordToken(db, existing.id, SET_PASSWORD_TOKEN_TTL_MS);
  await deps.mailer.send(resetPasswordEmail(existing.email, existing.firstName, siteLink(deps.config, '/reset-password', { token })));
  return 'promoted';
}
