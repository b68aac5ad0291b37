import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_DATABASE } from './embedded-postgres';
import { StartError } from '../errors';
import { failpoint } from './failpoint';

export class PgliteMigrationError extends StartError {}

const IMPORT_DATABASE = `${EMBEDDED_DATABASE}_import`;

/** Where the PGlite database of versions before the embedded PostgreSQL lives. */
export function pgliteDir(dataDir: string) {
  return path.join(dataDir, 'pglite');
}

export function hasPgliteData(dataDir: string) {
  return existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));
}

/** Marks the PostgreSQL copy as complete and checked, from before the renames until the move ends. */
const COMPLETE_MARK = 'rally: complete copy of the PGlite database, moved at start';

/** The move's state in the cluster: which databases exist, and which holds the complete copy. */
async function moveState(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string; mark: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as mark from pg_database where datname = any($1)`,
    [[EMBEDDED_DATABASE, IMPORT_DATABASE]],
  );
  const of = (name: string) => rows.find((r) => r.datname === name);
  return { target: of(EMBEDDED_DATABASE), imported: of(IMPORT_DATABASE) };
}

/**
 * A start killed between the move's renames left the PostgreSQL copy complete (marked so) and the
 * PGlite folder in place: finish the move rather than start again or refuse. Resolves to true when
 * it did.
 */
async function finishInterruptedMove(
  dataDir: string,
  admin: pg.Client,
  clusterUrl: (database?: string) => string,
  warn: (msg: string) => void,
): Promise<boolean> {
  const { target, imported } = await moveState(admin);
  if (imported?.mark === COMPLETE_MARK) {
    // Killed between dropping the site's database and renaming the copy (the start after it made
    // the site's database again, empty).
    if (target && (await hasTables(clusterUrl(EMBEDDED_DATABASE)))) return false;
    await admin.query(`drop database if exists ${EMBEDDED_DATABASE}`);
    await admin.query(`alter database ${IMPORT_DATABASE} rename to ${EMBEDDED_DATABASE}`);
  } else if (target?.mark !== COMPLETE_MARK) {
    return false;
  }
  warn(`finishing the move of ${pgliteDir(dataDir)} to the embedded PostgreSQL, interrupted after its copy was complete`);
  putPgliteAside(dataDir, warn);
  await admin.query(`comment on database ${EMBEDDED_DATABASE} is null`);
  return true;
}

/** The move is over: the mark goes, so a PGlite folder put back later is not taken for this move's. */
async function clearCompleteMark(clusterUrl: (database?: string) => string) {
  const admin = new pg.Client({ connectionString: clusterUrl('postgres') });
  await admin.connect();
  try {
    await admin.query(`comment on database ${EMBEDDED_DATABASE} is null`);
  } finally {
    await admin.end();
  }
}

async function hasTables(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Boolean((await client.query(`select 1 from pg_tables where schemaname = 'public' limit 1`)).rowCount);
  } finally {
    await client.end();
  }
}

/** Both engines holding data means someone must choose; never overwrite either. */
async function refuseIfPostgresHoldsData(dataDir: string, clusterUrl: (database?: string) => string) {
  const admin = new pg.Client({ connectionString: clusterUrl('postgres') });
  await admin.connect();
  try {
    const target = await admin.query(`select 1 from pg_database where datname = $1`, [EMBEDDED_DATABASE]);
    if (target.rowCount) {
      if (await hasTables(clusterUrl(EMBEDDED_DATABASE))) {
        throw new PgliteMigrationError(
          `${dataDir} holds both a PGlite database (${pgliteDir(dataDir)}) and a PostgreSQL one already in use (${path.join(dataDir, 'postgres')}), ` +
            'and neither is marked as a copy of the other. To keep the PostgreSQL data, move the PGlite folder aside ' +
            `(mv ${pgliteDir(dataDir)} ${pgliteDir(dataDir)}-old) and start again; to move the PGlite data instead, ` +
            `take a backup (npm run backup), then move the postgres folder aside and start again.`,
        );
      }
    }
  } finally {
    await admin.end();
  }
}

/** The PGlite folder kept under a dated name once its data is in PostgreSQL. */
function putPgliteAside(dataDir: string, warn: (msg: string) => void) {
  const source = pgliteDir(dataDir);
  const aside = `${source}-before-postgres-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}`;
  renameSync(source, aside);
  rmSync(path.join(dataDir, 'pglite.lock'), { recursive: true, force: true });
  warn(`the old PGlite folder is kept as ${aside}`);
}

type TableCounts = Map<string, number>;

const TABLES_SQL = `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema') order by 1`;

async function countRows(query: (sql: string) => Promise<{ rows: any[] }>): Promise<TableCounts> {
  const counts: TableCounts = new Map();
  for (const { name } of (await query(TABLES_SQL)).rows) {
    const { rows } = await query(`select count(*)::int as n from ${name}`);
    counts.set(name, rows[0].n);
  }
  return counts;
}

function differences(before: TableCounts, after: TableCounts): string[] {
  const out: string[] = [];
  for (const [table, n] of before) {
    const m = after.get(table);
    if (m !== n) out.push(`${table}: ${n} rows in PGlite, ${m ?? 'no table'} in PostgreSQL`);
  }
  return out;
}

/**
 * Moves a PGlite database of an earlier version into the embedded PostgreSQL: PGlite's pg_dump,
 * restored in one transaction into a database of its own, row counts compared table by table, then
 * renamed into place and the PGlite folder kept aside under a dated name. On any difference or
 * failure nothing changes: the import database is dropped and the PGlite folder stays where it is,
 * so the next start tries again. The encryption key and session secret are files in DATA_DIR and
 * stay where they are.
 */
export async function migrateFromPglite(
  dataDir: string,
  clusterUrl: (database?: string) => string,
  warn: (msg: string) => void,
): Promise<void> {
  const source = pgliteDir(dataDir);
  const first = new pg.Client({ connectionString: clusterUrl('postgres') });
  await first.connect();
  try {
    if (await finishInterruptedMove(dataDir, first, clusterUrl, warn)) return;
  } finally {
    await first.end();
  }
  await refuseIfPostgresHoldsData(dataDir, clusterUrl);
  warn(`moving the PGlite database in ${source} to the embedded PostgreSQL (once)`);
  // Loaded only here: PGlite and its dump tool are needed for this one step alone.
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const pglite = await PGlite.create({ dataDir: source });
  let dump: string;
  let before: TableCounts;
  try {
    before = await countRows((q) => pglite.query(q));
    // Plain INSERTs, as COPY FROM stdin needs psql; many rows a statement keeps them fast.
    const file = await pgDump({ pg: pglite, args: ['--no-owner', '--no-privileges', '--rows-per-insert=500'] });
    dump = await file.text();
  } finally {
    await pglite.close();
  }
  // psql meta-commands (\restrict, \connect) are not SQL.
  const sqlText = dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');

  const admin = new pg.Client({ connectionString: clusterUrl('postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${IMPORT_DATABASE}`);
    await admin.query(`create database ${IMPORT_DATABASE}`);
    const target_ = new pg.Client({ connectionString: clusterUrl(IMPORT_DATABASE) });
    await target_.connect();
    let after: TableCounts;
    try {
      // One simple query runs as one transaction: all of it or nothing.
      await target_.query(sqlText);
      after = await countRows((q) => target_.query(q));
    } finally {
      await target_.end();
    }
    const diff = differences(before, after);
    if (diff.length) {
      throw new PgliteMigrationError(
        `The PGlite database in ${source} was not moved: row counts differ after the copy (${diff.join('; ')}). ` +
          'Nothing was changed; keep the folder and report this.',
      );
    }
    // From here the copy is complete: a start killed between the steps below finishes the move.
    await admin.query(`comment on database ${IMPORT_DATABASE} is '${COMPLETE_MARK}'`);
    failpoint('pglite-move:marked');
    await admin.query(`drop database if exists ${EMBEDDED_DATABASE}`);
    failpoint('pglite-move:database-dropped');
    await admin.query(`alter database ${IMPORT_DATABASE} rename to ${EMBEDDED_DATABASE}`);
    failpoint('pglite-move:database-renamed');
  } catch (err) {
    await admin.query(`drop database if exists ${IMPORT_DATABASE}`).catch(() => {});
    if (err instanceof PgliteMigrationError) throw err;
    throw new PgliteMigrationError(
      `The PGlite database in ${source} could not be moved to PostgreSQL (${(err as Error).message}). Nothing was changed.`,
    );
  } finally {
    await admin.end();
  }
  putPgliteAside(dataDir, warn);
  failpoint('pglite-move:folder-renamed');
  await clearCompleteMark(clusterUrl);
  const tables = [...before.values()].reduce((a, b) => a + b, 0);
  warn(`moved ${before.size} tables (${tables} rows) from PGlite`);
}
