import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donations, signups } from '../../db/schema';

/** Every signup with its donation total (pence) and count, newest registration first. */
export async function listSignupsWithTotals(db: Db) {
  const totals = db
    .select({
      signupId: donations.signupId,
      total: sql<number>`coalesce(sum(${donations.amount}), 0)::int`.as('total'),
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(donations)
    .groupBy(donations.signupId)
    .as('totals');
  return db
    .select({
      ...getTableColumns(signups),
      donationTotal: sql<number>`coalesce(${totals.total}, 0)::int`,
      donationCount: sql<number>`coalesce(${totals.count}, 0)::int`,
    })
    .from(signups)
    .leftJoin(totals, eq(totals.signupId, signups.id))
    .orderBy(desc(signups.createdAt), desc(signups.id));
}

export type SignupWithTotals = Awaited<ReturnType<typeof listSignupsWithTotals>>[number];
