import type { Db } from '../client';
import { users } from '../schema';
import { hashPassword } from '../../services/passwords';
import { findUserByEmail } from '../../features/auth/users';
import { eq } from 'drizzle-orm';

/** Creates an admin, or promotes an existing user and sets the given password. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.update(users).set({ isAdmin: true, password: hash }).where(eq(users.id, existing.id));
  } else {
    await db.insert(users).values({ email: email.trim(), password: hash, isAdmin: true, firstName: 'Admin' });
  }
}
