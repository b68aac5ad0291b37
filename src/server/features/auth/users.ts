import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signups, users, type User } from '../../db/schema';
import type { CurrentUser } from '../../../common/schemas/auth';

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

/** Links the teams whose driver e-mail is this user's to the account, so the dashboard finds them. */
export async function linkSignupsToUser(db: Db, user: Pick<User, 'id' | 'email'>): Promise<void> {
  await db
    .update(signups)
    .set({ userId: user.id })
    .where(and(isNull(signups.userId), sql`lower(${signups.driverEmail}) = ${user.email.toLowerCase()}`));
}

export function toCurrentUser(u: User): CurrentUser {
  return { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, isAdmin: u.isAdmin };
}

export async function setPassword(db: Db, userId: string, passwordHash: string) {
  await db.update(users).set({ password: passwordHash }).where(eq(users.id, userId));
}
