import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deposits, donations, signups } from '../../db/schema';
import { teamCountSql, teamTotalSql } from '../../services/donation-totals';
import { maskedTeamColumns } from './masking';

/**
 * Every signup with its donation total (pence) and count, newest registration first. Passports,
 * medical and dietary data come masked without being decrypted, unless `opened` (only for an
 * export the organiser asked to include them in).
 */
export async function listTeamsWithTotals(db: Db, sealed: 'masked' | 'opened' = 'masked') {
  const totals = db
    .select({
      signupId: donations.signupId,
      // sum() of integers is bigint: a large team total never overflows (pence fit a double exactly).
      total: sql<number>`${teamTotalSql}`.mapWith(Number).as('total'),
      count: sql<number>`(${teamCountSql})::int`.as('count'),
    })
    .from(donations)
    .groupBy(donations.signupId)
    .as('totals');
  return db
    .select({
      ...(sealed === 'opened' ? getTableColumns(signups) : maskedTeamColumns),
      donationTotal: sql<number>`coalesce(${totals.total}, 0)`.mapWith(Number),
      donationCount: sql<number>`coalesce(${totals.count}, 0)`.mapWith(Number),
      depositAmountPence: deposits.amountPence,
      depositPaidOn: deposits.paidOn,
    })
    .from(signups)
    .leftJoin(totals, eq(totals.signupId, signups.id))
    .leftJoin(deposits, eq(deposits.signupId, signups.id))
    .orderBy(desc(signups.createdAt), desc(signups.id));
}

export type TeamWithTotals = Awaited<ReturnType<typeof listTeamsWithTotals>>[number];
