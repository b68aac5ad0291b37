import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

/** The one row a query in a test should have found; throws, naming the count, when it found another number. */
export function only<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (rows.length !== 1 || row === undefined) throw new Error(`expected one row, got ${rows.length}`);
  return row;
}

/** The first of the rows a query in a test should have found; throws when it found none. */
export function first<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('expected at least one row, got 0');
  return row;
}

/** The audit log's newest row: what the organiser's last change recorded. */
export async function lastAuditRow(db: Db) {
  return first(await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1));
}
