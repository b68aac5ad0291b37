import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { RallyMessage } from '../../common/schemas/control-room';
import type { Db } from '../db/client';
import { rallyMessages } from '../db/schema';

/** How many messages the rally app and the control room list. */
export const LIST_LIMIT = 100;

/** Messages the team may read: to every team, or to it; newest first. */
export async function teamMessages(db: Db, year: number, signupId: number): Promise<RallyMessage[]> {
  const rows = await db
    .select()
    .from(rallyMessages)
    .where(and(eq(rallyMessages.rallyYear, year), or(isNull(rallyMessages.signupId), eq(rallyMessages.signupId, signupId))))
    .orderBy(desc(rallyMessages.sentAt), desc(rallyMessages.id))
    .limit(LIST_LIMIT);
  return rows.map((m) => ({ id: m.id, body: m.body, toAll: m.signupId == null, sentAt: m.sentAt.toISOString() }));
}
