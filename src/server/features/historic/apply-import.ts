import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailAddress, requiredText } from '../../../common/schemas/primitives';
import type { Db } from '../../db/client';
import { historicParticipants, users } from '../../db/schema';
import type { ImportRow } from './import-file';

export type RowError = { line: number; message: string };
export type ImportResult = { imported: number; newUsers: number; errors: RowError[] };

const rowSchema = z.object({
  year: z.string().regex(/^\d{4}$/, 'year must be a four-digit year'),
  firstName: requiredText('firstName is empty', 100),
  lastName: requiredText('lastName is empty', 100),
  email: emailAddress('email is not a valid address'),
});

type Target = { id: number; role: 'driver' | 'co-driver'; current: string | null };

/**
 * Sets the driver's or co-driver's address on the historic records that match each row by year and
 * exact first and last name, and creates an account (no password yet) for each new address.
 * A bad row is reported with its line number and the good ones still apply; all in one transaction.
 */
export async function applyImport(db: Db, rows: ImportRow[]): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const errors: RowError[] = [];
    const valid: (ImportRow & { yearNumber: number })[] = [];
    for (const row of rows) {
      const parsed = rowSchema.safeParse(row);
      if (parsed.success) valid.push({ ...row, yearNumber: Number(row.year) });
      else errors.push({ line: row.line, message: parsed.error.issues.map((i) => i.message).join('; ') });
    }

    const years = [...new Set(valid.map((r) => r.yearNumber))];
    const records = years.length ? await tx.select().from(historicParticipants).where(inArray(historicParticipants.year, years)) : [];
    const index = new Map<string, Target[]>();
    const push = (key: string, t: Target) => index.set(key, [...(index.get(key) ?? []), t]);
    for (const r of records) {
      if (r.driverFirstName && r.driverLastName)
        push(`${r.year}|${r.driverFirstName.trim()}|${r.driverLastName.trim()}`, { id: r.id, role: 'driver', current: r.email });
      if (r.coDriverFirstName && r.coDriverLastName)
        push(`${r.year}|${r.coDriverFirstName.trim()}|${r.coDriverLastName.trim()}`, {
          id: r.id,
          role: 'co-driver',
          current: r.coDriverEmail,
        });
    }

    // The last row for a record and role wins, as if the rows were applied in order.
    const changes = new Map<string, Target & { email: string }>();
    const people = new Map<string, { email: string; firstName: string; lastName: string }>();
    let imported = 0;
    for (const row of valid) {
      const targets = index.get(`${row.yearNumber}|${row.firstName}|${row.lastName}`);
      if (!targets) {
        errors.push({ line: row.line, message: `no ${row.year} rally record for ${row.firstName} ${row.lastName}` });
        continue;
      }
      imported += 1;
      for (const t of targets) changes.set(`${t.id}|${t.role}`, { ...t, email: row.email });
      people.set(row.email.toLowerCase(), { email: row.email, firstName: row.firstName, lastName: row.lastName });
    }

    for (const c of changes.values()) {
      if (c.current?.trim().toLowerCase() === c.email.toLowerCase()) continue;
      // A different address was never asked, so its opt-in starts as "not asked".
      const set = c.role === 'driver' ? { email: c.email, emailOptIn: null } : { coDriverEmail: c.email, coDriverEmailOptIn: null };
      await tx
        .update(historicParticipants)
        .set(set)
        .where(sql`${historicParticipants.id} = ${c.id}`);
    }

    let newUsers = 0;
    const list = [...people.values()];
    for (let i = 0; i < list.length; i += 500) {
      const inserted = await tx
        .insert(users)
        .values(list.slice(i, i + 500).map((p) => ({ email: p.email, firstName: p.firstName, lastName: p.lastName })))
        .onConflictDoNothing()
        .returning({ id: users.id });
      newUsers += inserted.length;
    }
    errors.sort((a, b) => a.line - b.line);
    return { imported, newUsers, errors };
  });
}
