import type { Db } from '../../db/client';
import { signups, type Signup } from '../../db/schema';

let n = 0;

/** A stored 2026 signup for tests, with every required field filled. */
export async function insertSignup(db: Db, overrides: Partial<typeof signups.$inferInsert> = {}): Promise<Signup> {
  n += 1;
  const [row] = await db
    .insert(signups)
    .values({
      rallyYear: 2026,
      teamName: `Test Team ${n}`,
      driverFirstName: 'Dana',
      driverLastName: `Driver${n}`,
      driverEmail: `driver${n}-${Date.now()}@example.test`,
      driverPhone: '07700 900000',
      driverAddress: '1 Rue de Test, St Helier',
      emergencyContactName: 'Eve Contact',
      emergencyContactPhone: '07700 900001',
      emergencyContactRelationship: 'Sister',
      ...overrides,
    })
    .returning();
  return row;
}
