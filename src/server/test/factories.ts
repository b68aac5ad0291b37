import type { Db } from '../db/client';
import { signups, type Signup } from '../db/schema';
import { teamInput } from '../../common/factories';
import { only } from './rows';

/** A stored team (the shared team factory's fields; the current season unless told), for tests that need one without the API. */
export async function insertTeam(db: Db, overrides: Partial<typeof signups.$inferInsert> = {}): Promise<Signup> {
  return only(await db.insert(signups).values(teamInput(overrides)).returning());
}
