import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signups, users, type User } from '../../db/schema';
import type { CurrentUser } from '../../../common/schemas/auth';

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

/**
 * Links the unlinked teams whose driver e-mail is this user's to the account, so the dashboard
 * finds them. Only for a verified address (see markVerified in verification.ts, the one caller).
 */
export async function linkSignupsToUser(db: Db, user: Pick<User, 'id' | 'email' | 'emailVerifiedAt'>): Promise<void> {
  if (!user.emailVerifiedAt) return;
  await db
    .update(signups)
    .set({ userId: user.id })
    .where(and(isNull(signups.userId), sql`lower(${signups.driverEmail}) = ${user.email.toLowerCase()}`));
}

export function toCurrentUser(u: User): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    isAdmin: u.isAdmin,
    emailVerified: Boolean(u.emailVerifiedAt),
  };
}
