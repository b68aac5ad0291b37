import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/auth';
import { insertTeam } from '../test/factories';
import { DiskStorage } from '../services/storage';
import { sealingDataKey } from '../db/encrypted-text';
import { dataKey, type DataKey } from '../field-cipher';
import { randomBytes } from 'node:crypto';
import { dataDigester } from '../test/data-digest';
import { signups } from '../db/schema';
import { createBackup, restoreBackup } from './archive';

let source: TestApp;
let target: TestApp;
let sealedWith: DataKey;
const image = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 a car photo');
let imageUrl: string;
let backup: { file: string; note: string };
const sessionSecret = 'a-session-secret-of-the-backed-up-site-0123456789';

beforeAll(async () => {
  source = await createTestApp();
  await signUp(source, { email: 'olivia@example.je' });
  imageUrl = await new DiskStorage(path.join(source.dataDir, 'uploads'), Buffer.alloc(32, 1)).putPublic('car-images/olivia.webp', image);
  await insertTeam(source.db, {
    teamName: 'Backup Bandits',
    carImageUrl: imageUrl,
    driverPassport: 'P1234567',
    medicalConditions: 'asthma',
  });
  await insertTeam(source.db, { teamName: 'Second Team' });
  sealedWith = sealingDataKey();
  // The secret an embedded site made for its session cookies.
  writeFileSync(path.join(source.dataDir, 'session-secret'), sessionSecret, { mode: 0o600 });
  backup = await createBackup({
    database: source.database,
    config: source.config,
    outDir: mkdtempSync(path.join(tmpdir(), 'rally-backups-')),
  });
  target = await createTestApp(); // a fresh database and DATA_DIR, with keys of its own
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

describe('backup and restore', () => {
  it('writes one dated archive, and the key note beside it rather than inside', () => {
    expect(path.basename(backup.file)).toMatch(/^rally-backup-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/);
    expect(statSync(backup.file).size).toBeGreaterThan(0);
    // Both hold what others must not read: readable by their owner only.
    expect(statSync(backup.file).mode & 0o777).toBe(0o600);
    expect(statSync(backup.note).mode & 0o777).toBe(0o600);
    const note = readFileSync(backup.note, 'utf8');
    expect(note).toContain('never store the key beside the backup');
    expect(note).toContain(sealedWith.id);
    // The note names where the key lives, never the key itself.
    expect(note).not.toContain(sealedWith.key.toString('base64'));
  });

  it('refuses to restore without the key that sealed the sensitive details, changing nothing', async () => {
    const digest = await dataDigester(target.db);
    const before = await digest();
    const otherKeys = [dataKey(randomBytes(32))]; // a site whose key is not the one in the backup
    await expect(restoreBackup({ database: target.database, config: target.config, file: backup.file, keys: otherKeys })).rejects.toThrow(
      /sealed with key .* which this site does not have/,
    );
    expect(await digest()).toBe(before);
  });

  it('holds the session secret sealed with the data key, never in plain text', () => {
    const archive = gunzipSync(readFileSync(backup.file));
    expect(archive.includes('session-secret.sealed')).toBe(true);
    expect(archive.includes(sessionSecret)).toBe(false);
  });

  it('brings a fresh database and DATA_DIR back to exactly the state backed up: every table and the uploaded image', async () => {
    const result = await restoreBackup({ database: target.database, config: target.config, file: backup.file });
    // One uploaded file (in uploads/public/car-images/: its folders are not files).
    expect(result.uploads).toBe(1);
    // The sessions are restored with the secret that signs their cookies: people stay signed in.
    expect(result.sessionsKept).toBe(true);
    expect(readFileSync(path.join(target.dataDir, 'session-secret'), 'utf8')).toBe(sessionSecret);
    // Every table, the sessions and rate limits included.
    const tables = (await source.db.execute(
      sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { t: string }[] };
    for (const { t } of tables.rows) {
      const q = sql.raw(`select coalesce(string_agg(x::text, '|' order by x::text), '') as d from "${t}" x`);
      const [a, b] = await Promise.all([source.db.execute(q), target.db.execute(q)]);
      expect((b as any).rows[0].d, t).toBe((a as any).rows[0].d);
    }
    const relative = imageUrl.replace('/uploads/', '');
    expect(readFileSync(path.join(target.dataDir, 'uploads', 'public', relative))).toEqual(image);
    // The sensitive details open with the restored key, and ids carry on where they were.
    const [team] = await target.db.select().from(signups).where(eq(signups.teamName, 'Backup Bandits'));
    expect(team!.driverPassport).toBe('P1234567');
    const next = await insertTeam(target.db, { teamName: 'After Restore' });
    const nextInSource = await insertTeam(source.db, { teamName: 'After Restore' });
    expect(next.id).toBe(nextInSource.id);
    // The restored site serves the team's page and the image.
    expect((await target.inject(imageUrl)).rawPayload).toEqual(image);
  });

  it('refuses to restore over a database that already holds a site', async () => {
    await expect(restoreBackup({ database: target.database, config: target.config, file: backup.file })).rejects.toThrow(
      /already holds a site/,
    );
  });

  it('refuses a file that is not one of its backups', async () => {
    const bogus = path.join(mkdtempSync(path.join(tmpdir(), 'rally-bogus-')), 'x.tar.gz');
    await expect(restoreBackup({ database: target.database, config: target.config, file: bogus })).rejects.toThrow(/No backup at/);
    expect(existsSync(bogus)).toBe(false);
  });
});
