import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Every table of the app is watched, except the two that a refused request may rightly change:
 * rate-limit counters (a refused login still counts) and sessions (touched on each visit).
 */
const UNWATCHED_TABLES = new Set(['rate_limits', 'sessions']);

/**
 * A fingerprint of all the app's data, so a test can show that a refused request changed nothing.
 * Returns the function that takes it; the list of tables is read once.
 */
export async function dataDigester(db: Db): Promise<() => Promise<string>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const watched = tables.rows.map((r) => r.table_name).filter((t) => !UNWATCHED_TABLES.has(t) && !t.startsWith('__'));
  const parts = watched.map((t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${t} x)`);
  const query = sql.raw(`select ${parts.join(' || ')} as d`);
  return async () => {
    const result = (await db.execute(query)) as unknown as { rows: { d: string }[] };
    const [row] = result.rows;
    if (!row) throw new Error('the digest query returned no row');
    return row.d;
  };
}
