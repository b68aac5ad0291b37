import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Raw SQL (only identifiers and fixed text, never user input) inside the caller's transaction. */
async function query(tx: Db, text: string): Promise<any[]> {
  const result = (await tx.execute(sql.raw(text))) as unknown as { rows: any[] };
  return result.rows;
}

export type TableInfo = { name: string; columns: string[] };

/**
 * The app's tables (schema public) in an order where each comes after the tables it references,
 * with their stored columns (generated ones are computed again on load).
 */
export async function listTables(tx: Db): Promise<TableInfo[]> {
  const tables = await query(
    tx,
    `select c.oid::int as oid, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  const refs = await query(
    tx,
    `select conrelid::int as child, confrelid::int as parent from pg_constraint
     where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid`,
  );
  const cols = await query(
    tx,
    `select attrelid::int as oid, attname as name from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = '' order by a.attrelid, a.attnum`,
  );
  const parents = new Map<number, number[]>();
  for (const r of refs) parents.set(r.child, [...(parents.get(r.child) ?? []), r.parent]);
  const ordered: { oid: number; name: string }[] = [];
  const placed = new Set<number>();
  const place = (t: { oid: number; name: string }, seen: Set<number>) => {
    if (placed.has(t.oid) || seen.has(t.oid)) return;
    seen.add(t.oid);
    for (const p of parents.get(t.oid) ?? []) {
      const parent = tables.find((x) => x.oid === p);
      if (parent) place(parent, seen);
    }
    placed.add(t.oid);
    ordered.push(t);
  };
  for (const t of tables) place(t, new Set());
  return ordered.map((t) => ({ name: t.name, columns: cols.filter((c) => c.oid === t.oid).map((c) => c.name) }));
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every row of a table as JSON text, one per line (the columns of `table`, in a stable order). */
export async function dumpRows(tx: Db, table: TableInfo): Promise<string[]> {
  const list = table.columns.map(ident).join(', ');
  const rows = await query(tx, `select row_to_json(t)::text as line from (select ${list} from ${ident(table.name)}) t`);
  return rows.map((r) => r.line as string);
}

/**
 * Loads rows dumped by dumpRows inside the caller's transaction, in batches; PostgreSQL turns each
 * JSON value back into its column type.
 */
export async function loadRows(tx: Db, table: TableInfo, lines: string[], batch = 500): Promise<void> {
  const list = sql.raw(table.columns.map(ident).join(', '));
  const name = sql.raw(ident(table.name));
  for (let i = 0; i < lines.length; i += batch) {
    const json = `[${lines.slice(i, i + batch).join(',')}]`;
    await tx.execute(
      sql`insert into ${name} (${list}) overriding system value select ${list} from json_populate_recordset(null::${name}, ${json}::json)`,
    );
  }
}

/** Each sequence of the app with where it stands, so ids continue exactly where they were. */
export type SequenceState = { name: string; lastValue: string; isCalled: boolean };

export async function readSequences(tx: Db): Promise<SequenceState[]> {
  const names = await query(tx, `select sequencename as name from pg_sequences where schemaname = 'public' order by 1`);
  const out: SequenceState[] = [];
  for (const { name } of names) {
    const [s] = await query(tx, `select last_value::text as v, is_called as c from ${ident(name)}`);
    out.push({ name, lastValue: s.v, isCalled: s.c });
  }
  return out;
}

export async function writeSequences(tx: Db, sequences: SequenceState[]) {
  for (const s of sequences) await tx.execute(sql`select setval(${ident(s.name)}::regclass, ${s.lastValue}::bigint, ${s.isCalled})`);
}

/** Empties every table at once and holds back the tables' own triggers while rows are loaded. */
export async function emptyTables(tx: Db, tables: TableInfo[]): Promise<void> {
  await query(tx, `truncate ${tables.map((t) => ident(t.name)).join(', ')}`);
}

export async function setUserTriggers(tx: Db, tables: TableInfo[], on: boolean): Promise<void> {
  for (const t of tables) await query(tx, `alter table ${ident(t.name)} ${on ? 'enable' : 'disable'} trigger user`);
}

export async function countRows(tx: Db, table: TableInfo): Promise<number> {
  const [r] = await query(tx, `select count(*)::int as n from ${ident(table.name)}`);
  return r.n;
}

export async function appliedMigrations(tx: Db): Promise<string[]> {
  return (await query(tx, `select hash from drizzle.__drizzle_migrations order by id`)).map((r) => r.hash);
}
