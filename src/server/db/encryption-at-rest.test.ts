import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { KEY_FILE } from './data-keys';
import { dataKey } from '../field-cipher';
import { createTestApp, memoryMailer, TEST_SEASON_CLOCK } from '../test/app';
import { teamInput } from '../../common/factories';
import { installDataKeys } from './encrypted-text';
import { openDatabase } from './open';
import { rotateDataKey } from './rotate-key';
import { signups } from './schema';
import { SENSITIVE_COLUMNS } from './sensitive-values';
import { only } from '../test/rows';

const PASSPORT = 'PLANTED774411';
const MEDICAL = 'Planted-condition-5521';

/** Every file under dir, recursively. */
function filesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesIn(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}
const grep = (files: string[], needle: string) => files.filter((f) => readFileSync(f).includes(Buffer.from(needle)));

// A file-backed database opened several times: slower than the in-memory one of other tests.
describe('passport and medical data at rest', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-at-rest-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RALLY_CLOCK: TEST_SEASON_CLOCK });

  it('is not in any file of the embedded database folder after a registration through the API', async () => {
    const database = await openDatabase(config, () => {});
    const mail = memoryMailer();
    const app = await buildApp({ config, database, mailer: mail, sessionSecret: 'at-rest-secret-'.padEnd(40, 'x') });
    const body = teamInput({
      teamName: 'Findable Team Name',
      driverPassport: PASSPORT,
      coDriverPassport: `CO${PASSPORT}`,
      medicalConditions: MEDICAL,
      dietaryRequirements: 'Planted-diet-9090',
    });
    const res = await app.inject({ method: 'POST', url: '/api/signups', payload: body });
    expect(res.statusCode).toBe(201);
    // The confirmation e-mail (and the organisers' notice) carry none of it either.
    expect(mail.sent.map((m) => m.to)).toEqual([body.driverEmail, expect.any(String)]);
    expect(JSON.stringify(mail.sent)).not.toContain(PASSPORT);
    expect(JSON.stringify(mail.sent)).not.toContain(MEDICAL);
    await app.close();
    await database.close();

    const files = filesIn(dataDir);
    // The registration did reach the disk: its team name is there to be found.
    expect(grep(files, 'Findable Team Name').length).toBeGreaterThan(0);
    for (const planted of [PASSPORT, MEDICAL, 'Planted-diet-9090']) expect(grep(files, planted)).toEqual([]);
    // The embedded default keeps its key in a file only the owner can read.
    expect(statSync(path.join(dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('seals values stored as plain text before encryption when the database opens, once', async () => {
    let database = await openDatabase(config, () => {});
    const row = only(await database.db.select().from(signups).limit(1));
    // A row as an older version of the site wrote it.
    await database.executeSql(`update signups set medical_conditions = 'Legacy-plain-3131' where id = ${row.id}`);
    await database.close();

    const warnings: string[] = [];
    database = await openDatabase(config, (m) => warnings.push(m));
    expect(warnings).toEqual(['encrypted 1 passport, medical and dietary values stored before encryption']);
    const again = only(await database.db.select().from(signups).where(eq(signups.id, row.id)));
    expect(again.medicalConditions).toBe('Legacy-plain-3131');
    expect(again.driverPassport).toBe(PASSPORT);
    await database.close();
    // The table's files no longer hold it (the write-ahead log keeps what was written before, until recycled).
    expect(grep(filesIn(path.join(dataDir, 'postgres', 'base')), 'Legacy-plain-3131')).toEqual([]);

    const quiet: string[] = [];
    database = await openDatabase(config, (m) => quiet.push(m));
    expect(quiet).toEqual([]);
    await database.close();
  });

  it('rotates the embedded key file: every value moves to the new key and still reads back', async () => {
    const oldKey = readFileSync(path.join(dataDir, KEY_FILE), 'utf8');
    const database = await openDatabase(config, () => {});
    const result = await rotateDataKey(database.db, config);
    const newKey = readFileSync(path.join(dataDir, KEY_FILE), 'utf8');
    expect(newKey).not.toBe(oldKey);
    expect(result.keyId).toBe(dataKey(Buffer.from(newKey.trim(), 'base64')).id);
    expect(result.resealed).toBe(4);
    expect(result.counts).toEqual({ [result.keyId]: 4 });
    const row = only(await database.db.select().from(signups).limit(1));
    expect(row.driverPassport).toBe(PASSPORT);
    await database.close();
  });
});

describe('on the configured database (the embedded PostgreSQL, or TEST_DATABASE_URL)', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  afterAll(() => app?.close());

  it('an SQL client, or a dump of the database, sees only ciphertext', async () => {
    app = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/signups',
      payload: teamInput({ driverPassport: PASSPORT, medicalConditions: MEDICAL }),
    });
    expect(res.statusCode).toBe(201);
    const { rows } = await app.database.executeSql(`select ${SENSITIVE_COLUMNS.join(', ')} from signups`);
    expect(rows).toHaveLength(1);
    expect(rows[0].driver_passport).toMatch(/^enc:v1:/);
    expect(JSON.stringify(rows)).not.toContain(PASSPORT);
    expect(JSON.stringify(rows)).not.toContain(MEDICAL);
    // pg_dump is installed with the external server only (the embedded binaries have none).
    if (process.env.TEST_DATABASE_URL) {
      const {
        rows: [{ name }],
      } = await app.database.executeSql('select current_database() as name');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const dump = execFileSync('pg_dump', ['--data-only', '--table=signups', url.toString()], { encoding: 'utf8' });
      expect(dump).toContain('Le Brocq');
      expect(dump).not.toContain(PASSPORT);
      expect(dump).not.toContain(MEDICAL);
    }
  });

  it('rotates from DATA_ENCRYPTION_KEY_PREVIOUS to DATA_ENCRYPTION_KEY', async () => {
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('base64');
    installDataKeys({ current: dataKey(Buffer.from(oldKey, 'base64')), previous: null });
    const planted = only(
      await app.db
        .insert(signups)
        .values({ ...only(await app.db.select().from(signups).limit(1)), id: undefined, driverPassport: 'ROTATE-ME-1' })
        .returning(),
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: app.dataDir,
      DATA_ENCRYPTION_KEY: newKey,
      DATA_ENCRYPTION_KEY_PREVIOUS: oldKey,
    });
    const result = await rotateDataKey(app.db, config);
    const newId = dataKey(Buffer.from(newKey, 'base64')).id;
    expect(result.keyId).toBe(newId);
    expect(result.counts).toEqual({ [newId]: 4 });
    const row = only(await app.db.select().from(signups).where(eq(signups.id, planted.id)));
    expect(row.driverPassport).toBe('ROTATE-ME-1');
    const { n } = only(
      (
        (await app.db.execute(
          sql`select count(*)::int as n from signups where driver_passport like ${`enc:v1:${newId}:%`}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows,
    );
    expect(n).toBe(2);
  });
});
