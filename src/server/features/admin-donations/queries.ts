import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { donations, signups, type Donation } from '../../db/schema';
import {
  LEDGER_PAGE_SIZE,
  type LedgerDonation,
  type LedgerPage,
  type WeeklyTotals,
  type ledgerFilterSchema,
} from '../../../common/schemas/ledger';
import { toMyDonation } from '../../services/donation-view';
import { theRow } from '../../db/rows';
import { supersededByJustGiving } from '../../services/donation-totals';

type Filter = z.output<typeof ledgerFilterSchema>;

/** The next UTC day, so a `to` day includes everything recorded on it. */
function dayAfter(isoDay: string): Date {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

function where(f: Filter): SQL | undefined {
  return and(
    f.signupId ? eq(donations.signupId, f.signupId) : undefined,
    f.source ? eq(donations.source, f.source) : undefined,
    f.state ? eq(donations.state, f.state) : undefined,
    f.from ? gte(donations.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(donations.createdAt, dayAfter(f.to)) : undefined,
  );
}

const columns = {
  donation: donations,
  teamName: signups.teamName,
};

function toLedger(row: { donation: Donation; teamName: string }): LedgerDonation {
  return { ...toMyDonation(row.donation), teamName: row.teamName };
}

/** One page of matching donations, newest first, with the count and bigint sum of all matches. */
export async function listLedger(db: Db, f: Filter): Promise<LedgerPage> {
  const condition = where(f);
  const totals = theRow(
    await db
      .select({ total: count(), sum: sql<number>`coalesce(sum(${donations.amount}), 0)`.mapWith(Number) })
      .from(donations)
      .where(condition),
    'the ledger totals',
  );
  const rows = await db
    .select(columns)
    .from(donations)
    .innerJoin(signups, eq(signups.id, donations.signupId))
    .where(condition)
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(LEDGER_PAGE_SIZE)
    .offset((f.page - 1) * LEDGER_PAGE_SIZE);
  return { items: rows.map(toLedger), total: totals.total, sum: totals.sum, page: f.page, pageSize: LEDGER_PAGE_SIZE };
}

/** Every matching donation (for the CSV export), newest first. */
export async function listLedgerAll(db: Db, f: Filter): Promise<LedgerDonation[]> {
  const rows = await db
    .select(columns)
    .from(donations)
    .innerJoin(signups, eq(signups.id, donations.signupId))
    .where(where(f))
    .orderBy(desc(donations.createdAt), desc(donations.id));
  return rows.map(toLedger);
}

/** The fields an audit row keeps of a donation, before and after a change. */
export function auditView(d: Donation) {
  return {
    signupId: d.signupId,
    amount: d.amount,
    donorName: d.donorName,
    donorEmail: d.donorEmail,
    isAnonymous: d.isAnonymous,
    hideAmount: d.hideAmount,
    paymentMethod: d.paymentMethod,
    message: d.message,
    source: d.source,
    state: d.state,
  };
}

/** Money raised over time: the running total at the end of each week (Monday starts), as bigint sums. */
export async function weeklyCumulative(db: Db): Promise<WeeklyTotals> {
  const result = (await db.execute(sql`
    select to_char(date_trunc('week', ${donations.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as week,
      sum(sum(${donations.amount})) over (order by date_trunc('week', ${donations.createdAt} at time zone 'UTC')) as total
    from ${donations}
    where not (${supersededByJustGiving})
    group by date_trunc('week', ${donations.createdAt} at time zone 'UTC')
    order by 1`)) as unknown as { rows: { week: string; total: string | number }[] };
  return result.rows.map((r) => ({ week: r.week, total: Number(r.total) }));
}
