import * as XLSX from '@e965/xlsx';
import { adminCookie } from './admin-session';
import type { SeededPerson } from './seed-large';

export type ImportFigure = { seconds: number; imported: number };

/** The import's address (preview, apply) in the PGlite checkout the bench may compare with. */
export const IMPORT_PATH_BEFORE_RENAME = '/api/admin/import-historic-emails';

/**
 * A 10,000-row .xlsx (year, firstName, lastName, email) previewed and applied through the admin
 * import: one row for each seeded historic driver (a new address, every change confirmed), the rest
 * naming nobody (reported, not applied).
 */
export async function benchImport(
  siteUrl: string,
  admin: { email: string; password: string },
  people: SeededPerson[],
  importPath = '/api/admin/historic/import',
): Promise<ImportFigure> {
  const rows = Array.from({ length: 10_000 }, (_, i) => {
    const p = people[i];
    return p
      ? { year: String(p.year), firstName: p.firstName, lastName: p.lastName, email: `imported${i}@bench.example` }
      : { year: '2018', firstName: 'Nobody', lastName: `Known${i}`, email: `nobody${i}@bench.example` };
  });
  const sheet = XLSX.utils.json_to_sheet(rows);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Ralliers');
  const bytes: Buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });

  const cookie = await adminCookie(siteUrl, admin);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'ralliers.xlsx',
  );
  // The preview (read in the worker, compared with the records) and the Apply, timed together.
  const t0 = performance.now();
  const res = await fetch(`${siteUrl}${importPath}/preview`, { method: 'POST', headers: { cookie }, body: form });
  if (!res.ok) throw new Error(`import preview answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const { planId } = (await res.json()) as { planId: string };
  const applied = await fetch(`${siteUrl}${importPath}/apply`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    // Every seeded driver already has an address, so each row is a change: applied, as an organiser confirming them all would.
    body: JSON.stringify({ planId, applyAllChanges: true }),
  });
  const seconds = (performance.now() - t0) / 1000;
  if (!applied.ok) throw new Error(`import apply answered ${applied.status}: ${(await applied.text()).slice(0, 200)}`);
  const body = (await applied.json()) as { counts: { created: number; updated: number; changed?: number } };
  // A confirmed change of address is applied too (and still counted as "changed").
  return { seconds, imported: body.counts.created + body.counts.updated + (body.counts.changed ?? 0) };
}
