import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { intArray, textArray } from '../../db/array-params';
import { moveAddresses } from '../../services/contact-address';
import { rowsOf } from '../../db/rows';
import type { ImportPlanRow } from '../../../common/schemas/historic';
import type { PlannedRow } from './plan-import';
import { consentLabels } from '../../../common/schemas/contacts';

export type AppliedImport = { rows: ImportPlanRow[] };

const CHANGED_SINCE = 'skipped: the record changed after the preview; upload the file again';
const NOT_CONFIRMED = 'skipped: the address change was not confirmed';
const NOT_ADDED = 'skipped: no rally record, and not added as a contact';

/** What the organiser chose in the preview: which changed rows to apply, whether to add unmatched rows. */
export type ApplyChoices = { confirmed: (line: number) => boolean; addUnmatched: boolean; fileName: string };

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
export async function applyPlan(db: Db, plan: PlannedRow[], choices: ApplyChoices): Promise<AppliedImport> {
  const { confirmed } = choices;
  return db.transaction(async (tx) => {
    const out: ImportPlanRow[] = [];
    let run: { index: number; row: PlannedRow }[] = [];
    let touched = new Set<string>();
    const newContacts: { index: number; row: PlannedRow }[] = [];
    for (const [index, row] of plan.entries()) {
      const { targets: _targets, newContact: _new, ...shown } = row;
      out.push(shown);
      if (row.outcome === 'skipped' || row.outcome === 'unchanged') continue;
      if (row.outcome === 'unmatched') {
        if (choices.addUnmatched) newContacts.push({ index, row });
        else out[index] = { ...shown, outcome: 'skipped', reason: NOT_ADDED };
        continue;
      }
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
    await addContacts(tx, newContacts, out, choices.fileName);
    return { rows: out };
  });
}

/**
 * Unmatched rows the organiser chose to add become contacts through the one feeding rule every
 * source uses (`feed_contact`, migration 0008): one contact per address, so a second import of the
 * same file adds nobody twice; the file's "yes" opts in only someone not asked before, its "no"
 * opts out, and an address that unsubscribed meanwhile stays out.
 */
async function addContacts(tx: Db, rows: { index: number; row: PlannedRow }[], out: ImportPlanRow[], fileName: string) {
  if (rows.length === 0) return;
  const optIn = (r: PlannedRow) => (r.consent === 'opted_in' ? 'true' : r.consent === 'opted_out' ? 'false' : '');
  await tx.execute(sql`
    select feed_contact(e, f, l, 'import', null, nullif(o, '')::boolean, ${`mailing-list import (${fileName.slice(0, 100)})`})
    from unnest(${textArray(rows.map(({ row }) => row.email))}, ${textArray(rows.map(({ row }) => row.firstName))},
      ${textArray(rows.map(({ row }) => row.lastName))}, ${textArray(rows.map(({ row }) => optIn(row)))}) as t(e, f, l, o)`);
  for (const { index, row } of rows)
    out[index] = {
      ...out[index]!,
      outcome: 'added',
      reason: `added as a contact (${consentLabels[row.consent ?? 'not_asked'].toLowerCase()})`,
    };
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
