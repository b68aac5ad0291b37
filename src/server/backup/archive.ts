import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { installedDataKeys, sealingDataKey } from '../db/encrypted-text';
import { open, seal, type DataKey } from '../field-cipher';
import { countByKey } from '../db/sensitive-values';
import {
  appliedMigrations,
  countRows,
  dumpRows,
  emptyTables,
  listTables,
  loadRows,
  readSequences,
  setUserTriggers,
  writeSequences,
  type SequenceState,
} from './tables';

const FORMAT = 'jersey-rally-backup/1';

type Manifest = {
  format: typeof FORMAT;
  createdAt: string;
  /** The migrations the database had: a backup restores only into the same version of the site. */
  migrations: string[];
  rows: Record<string, number>;
  sequences: SequenceState[];
  /** The ids (public hash prefixes) of the keys that sealed the sensitive values in this backup. */
  keyIds: string[];
};

export class BackupError extends Error {}

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', '-').replace(/:/g, '');

/**
 * Writes `rally-backup-<date>.tar.gz` into `outDir`: every table of the database as read in one
 * snapshot (one JSON line per row), the uploaded files, and a manifest. Beside it (never inside),
 * a note on the encryption key, without which the passports and medical data in it cannot be read.
 */
export async function createBackup(opts: { database: Database; config: Config; outDir: string; now?: Date }) {
  const { database, config } = opts;
  const staging = mkdtempSync(path.join(tmpdir(), 'rally-backup-'));
  try {
    mkdirSync(path.join(staging, 'database'));
    const manifest = await database.db.transaction(
      async (tx) => {
        const tables = await listTables(tx);
        const rows: Record<string, number> = {};
        for (const table of tables) {
          const lines = await dumpRows(tx, table);
          rows[table.name] = lines.length;
          writeFileSync(path.join(staging, 'database', `${table.name}.ndjson`), lines.join('\n'));
        }
        const keyIds = Object.keys(await countByKey(tx)).filter((id) => id !== 'plain');
        const m: Manifest = {
          format: FORMAT,
          createdAt: (opts.now ?? new Date()).toISOString(),
          migrations: await appliedMigrations(tx),
          rows,
          sequences: await readSequences(tx),
          keyIds,
        };
        return m;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries = ['manifest.json', 'database'];
    // The sessions table is in the backup; the secret that signs their cookies too, sealed with the
    // data key like the passports, so a restore keeps people signed in and the archive alone does not.
    const sessionSecret = currentSessionSecret(config);
    if (sessionSecret) {
      writeFileSync(path.join(staging, SEALED_SESSION_SECRET), seal(sealingDataKey(), sessionSecret, SEALED_SESSION_SECRET));
      entries.push(SEALED_SESSION_SECRET);
    }
    const uploads = path.join(config.dataDir, 'uploads');
    if (existsSync(uploads)) {
      cpSync(uploads, path.join(staging, 'uploads'), { recursive: true });
      entries.push('uploads');
    }
    mkdirSync(opts.outDir, { recursive: true });
    const name = `rally-backup-${stamp(opts.now ?? new Date())}`;
    const file = path.join(opts.outDir, `${name}.tar.gz`);
    // The archive holds every account's personal data: readable by the site's user only, like the key note.
    await tar.create({ gzip: true, cwd: staging, file, portable: true, mode: 0o600 }, entries);
    const note = path.join(opts.outDir, `${name}.key-note.txt`);
    writeFileSync(note, keyNote(config, manifest.keyIds), { mode: 0o600 });
    return { file, note, rows: manifest.rows, uploads: entries.includes('uploads') };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const SEALED_SESSION_SECRET = 'session-secret.sealed';
const SESSION_SECRET_FILE = 'session-secret';

/** The secret the site signs session cookies with: SESSION_SECRET, or the file it made in DATA_DIR. */
function currentSessionSecret(config: Config): string | null {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.dataDir, SESSION_SECRET_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/**
 * The backup's session secret, or null when it holds none or none of `keys` opens it (then the
 * restore goes on and everyone signs in again). Opened before anything is restored.
 */
function backedUpSessionSecret(staging: string, keys: readonly DataKey[]): string | null {
  const sealed = path.join(staging, SEALED_SESSION_SECRET);
  if (!existsSync(sealed)) return null;
  try {
    return open(keys, readFileSync(sealed, 'utf8'), SEALED_SESSION_SECRET);
  } catch {
    return null;
  }
}

/**
 * Puts the backup's session secret back, so the restored sessions stay signed in. With SESSION_SECRET
 * set, the setting wins: sessions are kept only if it is the same secret.
 */
function restoreSessionSecret(config: Config, secret: string | null): boolean {
  if (!secret) return false;
  if (config.SESSION_SECRET) return config.SESSION_SECRET === secret;
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(path.join(config.dataDir, SESSION_SECRET_FILE), secret, { mode: 0o600 });
  return true;
}

/** Files under `dir` and its folders, the folders themselves not counted. */
const countFiles = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

function keyNote(config: Config, keyIds: string[]): string {
  const where = config.DATA_ENCRYPTION_KEY
    ? 'the DATA_ENCRYPTION_KEY setting of the site'
    : `the file ${path.join(config.dataDir, 'data-encryption-key')}`;
  return [
    "This backup holds passports, medical and dietary details sealed with the site's encryption key.",
    `Sealed with key id(s): ${keyIds.join(', ') || '(none yet)'} (a public fingerprint, not the key).`,
    `The key itself is in ${where}.`,
    '',
    'Keep a copy of the key somewhere other than the backups (a password manager the organisers share).',
    'Without the key the sealed details cannot be restored; with it, anyone holding a backup can read them,',
    'so never store the key beside the backup files.',
    '',
  ].join('\n');
}

/**
 * Brings a fresh database (migrated by this version of the site, holding no accounts or teams) and
 * DATA_DIR back to the state of the backup `file`. The tables are replaced in one transaction and
 * their row counts checked before it commits; then the uploads are copied.
 */
export async function restoreBackup(opts: { database: Database; config: Config; file: string; keys?: readonly DataKey[] }) {
  const { database, config } = opts;
  if (!existsSync(opts.file)) throw new BackupError(`No backup at ${opts.file}`);
  const staging = mkdtempSync(path.join(tmpdir(), 'rally-restore-'));
  try {
    await tar.extract({ file: opts.file, cwd: staging }).catch(() => {
      throw new BackupError(`${opts.file} is not a backup archive of this site`);
    });
    const manifestFile = path.join(staging, 'manifest.json');
    const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : null;
    if (manifest?.format !== FORMAT) throw new BackupError(`${opts.file} is not a backup archive of this site`);

    const keys = opts.keys ?? installedDataKeys();
    const missingKeys = manifest.keyIds.filter((id) => !keys.some((k) => k.id === id));
    if (missingKeys.length)
      throw new BackupError(
        `The backup's sensitive details were sealed with key ${missingKeys.join(', ')}, which this site does not have. ` +
          'Set DATA_ENCRYPTION_KEY to that key (or put its file in DATA_DIR as data-encryption-key) and run the restore again.',
      );

    const sessionSecret = backedUpSessionSecret(staging, keys);
    await database.db.transaction(async (tx) => {
      const migrations = await appliedMigrations(tx);
      if (migrations.join() !== manifest.migrations.join())
        throw new BackupError(
          `The backup was made by ${manifest.migrations.length < migrations.length ? 'an earlier' : 'a later'} version of the site ` +
            `(${manifest.migrations.length} database migrations; this one has ${migrations.length}). ` +
            'Restore it with that version, then upgrade.',
        );
      const tables = await listTables(tx);
      for (const name of ['users', 'signups']) {
        const table = tables.find((t) => t.name === name);
        if (table && (await countRows(tx, table)) > 0)
          throw new BackupError(
            'The database already holds a site (accounts or teams): restore into a fresh DATA_DIR or an empty database.',
          );
      }
      await emptyTables(tx, tables);
      await setUserTriggers(tx, tables, false);
      for (const table of tables) {
        const file = path.join(staging, 'database', `${table.name}.ndjson`);
        const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
        await loadRows(tx, table, text ? text.split('\n') : []);
      }
      await setUserTriggers(tx, tables, true);
      await writeSequences(tx, manifest.sequences);
      for (const table of tables) {
        const expected = manifest.rows[table.name] ?? 0;
        const found = await countRows(tx, table);
        if (found !== expected)
          throw new BackupError(`Restore stopped: ${table.name} has ${found} rows, the backup ${expected}. Nothing was changed.`);
      }
    });

    const uploads = path.join(staging, 'uploads');
    if (existsSync(uploads)) cpSync(uploads, path.join(config.dataDir, 'uploads'), { recursive: true });
    const sessionsKept = restoreSessionSecret(config, sessionSecret);
    return { rows: manifest.rows, uploads: existsSync(uploads) ? countFiles(uploads) : 0, sessionsKept };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
