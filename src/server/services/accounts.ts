import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signups, users, type User } from '../db/schema';

/** An account by its e-mail address, in any case. */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

/**
 * Links to the account the unlinked teams whose driver e-mail is this user's, and the teams whose
 * co-driver invitation was accepted from this address before it had a verified account, so the
 * dashboard finds them. A co-driver address that was only named links nothing: its owner accepts
 * from the invitation e-mail. Only for a verified address: called where an address becomes verified
 * (features/auth/verification.ts, mailbox-proof.ts, and registration by a browser that proved the mailbox).
 */
export async function linkTeamsToUser(db: Db, user: Pick<User, 'id' | 'email' | 'emailVerifiedAt'>): Promise<void> {
  if (!user.emailVerifiedAt) return;
  const email = user.email.trim().toLowerCase();
  await db
    .update(signups)
    .set({ userId: user.id })
    .where(and(isNull(signups.userId), sql`lower(${signups.driverEmail}) = ${email}`));
  await db
    .update(signups)
    .set({ coDriverUserId: user.id })
    .where(
      and(isNull(signups.coDriverUserId), isNotNull(signups.coDriverAcceptedAt), sql`lower(trim(${signups.coDriverEmail})) = ${email}`),
    );
}
