import { inArray } from 'drizzle-orm';
import { nameKey } from '../../../common/person-name';
import { z } from 'zod';
import { emailAddress, requiredText } from '../../../common/schemas/primitives';
import type { ImportCounts, ImportOutcome, ImportPlanRow } from '../../../common/schemas/historic';
import type { Db } from '../../db/client';
import { contacts, emailOptOuts, historicParticipants } from '../../db/schema';
import { badConsentMessage, consentFromCell } from '../../../common/import-consent';
import { consentLabels, type Consent } from '../../../common/schemas/contacts';
import type { ImportRow } from '../../services/spreadsheets/import-kind';

/** A historic record's address field a row would set, with the address it held at the preview. */
export type PlanTarget = { id: number; role: 'driver' | 'co-driver'; before: string };
/** One row of the plan: what the organiser saw, and the record fields it sets when applied. */
export type PlannedRow = ImportPlanRow & { targets: PlanTarget[]; newContact: boolean };

// An empty year is allowed: such a row matches no rally record and may become a contact.
const rowSchema = z.object({
  year: z.string().regex(/^(\d{4})?$/, 'year must be a four-digit year'),
  firstName: requiredText('firstName is empty', 100),
  lastName: requiredText('lastName is empty', 100),
  email: emailAddress('email is not a valid address'),
});

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const roleLabel = (t: PlanTarget, year: number) => `the ${year} record (${t.role})`;

/**
 * What importing these rows would do, without changing anything: each row matched to the historic
 * records of its year whose driver or co-driver has the same name, and given its outcome. A valid
 * row that matches no record is "unmatched": it may become a contact, with the consent its file
 * gives, when the organiser chooses.
 */
export async function planImport(db: Db, rows: ImportRow[]): Promise<PlannedRow[]> {
  const plan: PlannedRow[] = [];
  const shown = ({ line, year, firstName, lastName, email }: ImportRow) => ({ line, year, firstName, lastName, email });
  const put = (row: ImportRow, outcome: ImportOutcome, reason: string, more: Partial<PlannedRow> = {}) =>
    plan.push({ ...shown(row), outcome, previousEmail: null, reason, consent: null, targets: [], newContact: false, ...more });
  const skip = (row: ImportRow, reason: string) => put(row, 'skipped', reason);

  const valid: (ImportRow & { yearNumber: number; consentState: Consent })[] = [];
  for (const row of rows) {
    const parsed = rowSchema.safeParse(row);
    const consentState = consentFromCell(row.consent);
    const problems = [
      ...(parsed.success ? [] : parsed.error.issues.map((i) => i.message)),
      ...(consentState ? [] : [badConsentMessage(row.consent)]),
    ];
    if (problems.length === 0 && consentState) valid.push({ ...row, yearNumber: Number(row.year), consentState });
    else skip(row, problems.join('; '));
  }

  const years = [...new Set(valid.map((r) => r.yearNumber).filter((y) => y > 0))];
  const records = years.length ? await db.select().from(historicParticipants).where(inArray(historicParticipants.year, years)) : [];
  const index = new Map<string, PlanTarget[]>();
  const push = (key: string, t: PlanTarget) => index.set(key, [...(index.get(key) ?? []), t]);
  for (const r of records) {
    if (r.driverFirstName && r.driverLastName)
      push(`${r.year}|${nameKey(r.driverFirstName)}|${nameKey(r.driverLastName)}`, { id: r.id, role: 'driver', before: r.email ?? '' });
    if (r.coDriverFirstName && r.coDriverLastName)
      push(`${r.year}|${nameKey(r.coDriverFirstName)}|${nameKey(r.coDriverLastName)}`, {
        id: r.id,
        role: 'co-driver',
        before: r.coDriverEmail ?? '',
      });
  }

  const addresses = [...new Set(valid.map((r) => r.email))];
  const known = new Set<string>();
  for (let i = 0; i < addresses.length; i += 1000) {
    const found = await db
      .select({ email: contacts.email })
      .from(contacts)
      .where(inArray(contacts.email, addresses.slice(i, i + 1000)));
    for (const c of found) known.add(c.email);
  }
  // Addresses that unsubscribed or were erased: a row with no rally record never brings them back.
  const gone = new Set<string>();
  const strangers = addresses.filter((a) => !known.has(a));
  for (let i = 0; i < strangers.length; i += 1000) {
    const found = await db
      .select({ email: emailOptOuts.email })
      .from(emailOptOuts)
      .where(inArray(emailOptOuts.email, strangers.slice(i, i + 1000)));
    for (const o of found) gone.add(o.email);
  }

  // The last row for a person wins, as if the rows were applied in order; earlier ones say so.
  const lastLineOf = new Map<string, number>();
  for (const row of valid) lastLineOf.set(`${row.yearNumber}|${nameKey(row.firstName)}|${nameKey(row.lastName)}`, row.line);

  const creating = new Map<string, number>();
  for (const row of valid) {
    const key = `${row.yearNumber}|${nameKey(row.firstName)}|${nameKey(row.lastName)}`;
    const targets = index.get(key);
    if (!targets) {
      const noRecord = row.year ? `no ${row.year} rally record for ${row.firstName} ${row.lastName}` : 'no year, so no rally record';
      // A row with no rally record is someone else the organisers keep in touch with: a contact.
      if (known.has(row.email)) put(row, 'unchanged', `${noRecord}; already on the contact list`);
      else if (creating.has(row.email)) skip(row, `${noRecord}; line ${creating.get(row.email)} already adds this address`);
      else if (gone.has(row.email)) skip(row, `${noRecord}; this address unsubscribed or was erased, so it is not added back`);
      else {
        const state = consentLabels[row.consentState].toLowerCase();
        put(row, 'unmatched', `${noRecord}; can be added as a contact (${state})`, { consent: row.consentState });
        creating.set(row.email, row.line);
      }
      continue;
    }
    const last = lastLineOf.get(key)!;
    if (last !== row.line) {
      skip(row, `line ${last} gives this person's address`);
      continue;
    }
    const toSet = targets.filter((t) => !sameAddress(t.before, row.email));
    const different = toSet.find((t) => t.before.trim() !== '');
    const where = toSet.map((t) => roleLabel(t, row.yearNumber)).join(' and ');
    let outcome: ImportOutcome;
    let reason: string;
    // Whether applying the row makes a new contact (a confirmed change counts as created then).
    let newContact = false;
    if (toSet.length === 0) {
      outcome = 'unchanged';
      reason = 'the record already has this address';
    } else if (different) {
      outcome = 'changed';
      reason = `replaces the address on ${roleLabel(different, row.yearNumber)} once confirmed`;
      newContact = !known.has(row.email) && !creating.has(row.email);
    } else if (known.has(row.email)) {
      outcome = 'updated';
      reason = `added to ${where}; already on the contact list`;
    } else if (creating.has(row.email)) {
      // One new contact per address, however many rows (years) carry it.
      outcome = 'updated';
      reason = `added to ${where}; the new contact of line ${creating.get(row.email)}`;
    } else {
      outcome = 'created';
      reason = `added to ${where}; a new contact`;
      newContact = true;
      creating.set(row.email, row.line);
    }
    put(row, outcome, reason, { previousEmail: different ? different.before : null, targets: toSet, newContact });
  }
  return plan.sort((a, b) => a.line - b.line);
}

export function countOutcomes(rows: { outcome: ImportOutcome }[]): ImportCounts {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, changed: 0, unmatched: 0, added: 0, skipped: 0 };
  for (const r of rows) counts[r.outcome] += 1;
  return counts;
}
