import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { historicParticipants } from '../../db/schema';
import { moveAddress } from '../../services/contact-address';
import type { ImportPlanRow } from '../../../common/schemas/historic';
import type { PlannedRow } from './plan-import';

export type AppliedImport = { rows: ImportPlanRow[] };

const CHANGED_SINCE = 'skipped: the record changed after the preview; upload the file again';
/** The record no longer holds what the preview saw (someone edited it meanwhile). */
class ChangedSincePreview extends Error {}

const NOT_CONFIRMED = 'skipped: the address change was not confirmed';

/**
 * Applies a previewed plan in one transaction. A changed row applies only when confirmed. Each
 * address is set only where the record still holds what the preview saw, so an edit made
 * meanwhile is never overwritten; such a row is reported as skipped. A mailing-list import makes
 * no login accounts: people on the list are contacts, not users.
 */
export async function applyPlan(db: Db, plan: PlannedRow[], confirmed: (line: number) => boolean): Promise<AppliedImport> {
  return db.transaction(async (tx) => {
    const out: ImportPlanRow[] = [];
    for (const row of plan) {
      const { targets, newContact: _new, ...shown } = row;
      if (row.outcome === 'skipped' || row.outcome === 'unchanged') {
        out.push(shown);
        continue;
      }
      if (row.outcome === 'changed' && !confirmed(row.line)) {
        out.push({ ...shown, outcome: 'skipped', reason: NOT_CONFIRMED });
        continue;
      }
      try {
        // A row that sets two records is written whole or not at all (a savepoint).
        const write = async (q: Db) => {
          for (const t of targets) {
            const field = t.role === 'driver' ? historicParticipants.email : historicParticipants.coDriverEmail;
            // A different address was never asked, so its opt-in starts as "not asked".
            const set =
              t.role === 'driver' ? { email: row.email, emailOptIn: null } : { coDriverEmail: row.email, coDriverEmailOptIn: null };
            const done = await q
              .update(historicParticipants)
              .set(set)
              .where(and(eq(historicParticipants.id, t.id), sql`coalesce(trim(${field}), '') = ${t.before.trim()}`))
              .returning({ id: historicParticipants.id });
            if (done.length === 0) throw new ChangedSincePreview();
          }
          // A confirmed new address is the person's: their other records and contact follow it.
          for (const before of new Set(targets.map((t) => t.before.trim()).filter(Boolean))) await moveAddress(q, before, row.email);
        };
        if (targets.length > 1) await tx.transaction((sp) => write(sp));
        else await write(tx);
      } catch (err) {
        if (!(err instanceof ChangedSincePreview)) throw err;
        out.push({ ...shown, outcome: 'skipped', reason: CHANGED_SINCE });
        continue;
      }
      // The result says what the preview said; a confirmed change stays "changed".
      out.push(row.outcome === 'changed' ? { ...shown, reason: `replaced ${row.previousEmail ?? 'the address'}` } : shown);
    }

    return { rows: out };
  });
}
