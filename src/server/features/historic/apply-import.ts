import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { intArray, textArray } from '../../db/array-params';
import { moveAddresses } from '../../services/contact-address';
import { rowsOf } from '../../db/rows';
import type { ImportPlanRow } from '../../../common/schemas/historic';
import type { PlannedRow } from './plan-import';

export type AppliedImport = { rows: ImportPlanRow[] };

const CHANGED_SINCE = 'skipped: the record changed after the preview; upload the file again';
const NOT_CONFIRMED = 'skipped: the address change was not confirmed';

const address = (email: string) => email.trim().toLowerCase();

/** What a row writes: its records, and the addresses it sets or moves away from. */
const touches = (row: PlannedRow) => [
  ...row.targets.map((t) => `record ${t.id}`),
  ...row.targets
    .map((t) => address(t.before))
    .filter(Boolean)
    .map((a) => `address ${a}`),
  `address ${address(row.email)}`,
];

/**
 * Applies a previewed plan in one transaction. A changed row applies only when confirmed. Each
 * address is set only where the record still holds what the preview saw, so an edit made
 * meanwhile is never overwritten; such a row is reported as skipped, and a row that sets two
 * records sets both or neither. A mailing-list import makes no login accounts: people on the list
 * are contacts, not users.
 *
 * Rows are written a run at a time, a few statements for the whole run: a run ends where a row
 * touches a record or an address an earlier row of the run touches, so the result is the same as
 * writing the rows one by one in the file's order.
 */
export async function applyPlan(db: Db, plan: PlannedRow[], confirmed: (line: number) => boolean): Promise<AppliedImport> {
  return db.transaction(async (tx) => {
    const out: ImportPlanRow[] = [];
    let run: { index: number; row: PlannedRow }[] = [];
    let touched = new Set<string>();
    for (const [index, row] of plan.entries()) {
      const { targets: _targets, newContact: _new, ...shown } = row;
      out.push(shown);
      if (row.outcome === 'skipped' || row.outcome === 'unchanged') continue;
      if (row.outcome === 'changed' && !confirmed(row.line)) {
        out[index] = { ...shown, outcome: 'skipped', reason: NOT_CONFIRMED };
        continue;
      }
      const keys = touches(row);
      if (keys.some((k) => touched.has(k))) {
        await applyRun(tx, run, out);
        run = [];
        touched = new Set();
      }
      keys.forEach((k) => touched.add(k));
      run.push({ index, row });
    }
    await applyRun(tx, run, out);
    return { rows: out };
  });
}

/** Writes rows that share no record and no address, and records each one's outcome in `out`. */
async function applyRun(tx: Db, run: { index: number; row: PlannedRow }[], out: ImportPlanRow[]) {
  const targets = run.flatMap(({ row }) => row.targets);
  if (targets.length === 0) return;
  // Which records still hold what the preview saw, locked until the transaction ends.
  const still = rowsOf<{ id: number; role: string }>(
    await tx.execute(sql`
      select h.id, t.role from unnest(${intArray(targets.map((t) => t.id))}, ${textArray(targets.map((t) => t.role))},
        ${textArray(targets.map((t) => t.before.trim()))}) as t(id, role, before)
      join historic_participants h on h.id = t.id
      where coalesce(trim(case when t.role = 'driver' then h.email else h.co_driver_email end), '') = t.before
      for update of h`),
  );
  const unchanged = new Set(still.map((s) => `${s.id} ${s.role}`));
  const applied = run.filter(({ row }) => row.targets.every((t) => unchanged.has(`${t.id} ${t.role}`)));
  const appliedIndexes = new Set(applied.map((a) => a.index));
  for (const { index, row } of run) {
    if (!appliedIndexes.has(index)) out[index] = { ...out[index]!, outcome: 'skipped', reason: CHANGED_SINCE };
    // The result says what the preview said; a confirmed change stays "changed".
    else if (row.outcome === 'changed') out[index] = { ...out[index]!, reason: `replaced ${row.previousEmail ?? 'the address'}` };
  }
  const sets = applied.flatMap(({ row }) => row.targets.map((t) => ({ ...t, email: row.email })));
  if (sets.length === 0) return;
  // A different address was never asked, so its opt-in starts as "not asked".
  await tx.execute(sql`
    update historic_participants h set
      email = case when t.driver then t.email else h.email end,
      email_opt_in = case when t.driver then null else h.email_opt_in end,
      co_driver_email = case when t.co_driver then t.email else h.co_driver_email end,
      co_driver_email_opt_in = case when t.co_driver then null else h.co_driver_email_opt_in end,
      updated_at = now()
    from (select id, bool_or(role = 'driver') as driver, bool_or(role = 'co-driver') as co_driver, min(email) as email
      from unnest(${intArray(sets.map((t) => t.id))}, ${textArray(sets.map((t) => t.role))}, ${textArray(sets.map((t) => t.email))})
        as s(id, role, email) group by id) as t
    where h.id = t.id`);
  // A confirmed new address is the person's: their other records and contact follow it.
  await moveAddresses(
    tx,
    applied.flatMap(({ row }) =>
      [...new Set(row.targets.map((t) => t.before.trim()).filter(Boolean))].map((from) => ({ from, to: row.email })),
    ),
  );
}
