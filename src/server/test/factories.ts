import type { Db } from '../db/client';
import { signups, type Signup } from '../db/schema';
import { teamInput } from '../../common/factories';

/** A stored team (the shared team factory's fields), for tests that need one without the API. */
export async function insertTeam(db: Db, overrides: Partial<typeof signups.$inferInsert> = {}): Promise<Signup> {
  const [row] = await db.insert(signups).values(teamInput(overrides)).returning();
  return row;
}
