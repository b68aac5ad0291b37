import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openPglite } from './client';
import { openDatabase } from './open';
import { historicParticipants, signups } from './schema';
import { seedDemoIfEmpty } from '../seed/demo';
import { only } from '../test/rows';
import { installDataKeys } from './encrypted-text';
import { resolveDataKeys } from './data-keys';
import { PgliteMigrationError } from './pglite-migration';

/** A DATA_DIR as an earlier version left it: PGlite in DATA_DIR/pglite with the demo data. */
async function earlierDataDir({ demo }: { demo: boolean }) {
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rally-pglite-move-')) });
  installDataKeys(resolveDataKeys(config, () => {}));
  const old = await openPglite(path.join(config.dataDir, 'pglite'));
  await old.migrate();
  if (demo) await seedDemoIfEmpty(old.db);
  const counts = {
    signups: only(await old.db.select({ n: count() }).from(signups)).n,
    historic: only(await old.db.select({ n: count() }).from(historicParticipants)).n,
  };
  const [team] = await old.db.select().from(signups).limit(1);
  if (demo && !team) throw new Error('the demo data has no team');
  await old.close();
  return { config, counts, team: team! };
}

describe('moving a PGlite database of an earlier version', { timeout: 120_000 }, () => {
  it('copies every row into the embedded PostgreSQL, sealed values still open, and keeps the old folder aside', async () => {
    const { config, counts, team } = await earlierDataDir({ demo: true });
    const key = readFileSync(
      path.join(
        config.dataDir,
        readdirSync(config.dataDir).find((f) => f.includes('key'))!,
      ),
    );

    const database = await openDatabase(config, () => {});
    try {
      expect(only(await database.db.select({ n: count() }).from(signups)).n).toBe(counts.signups);
      expect(only(await database.db.select({ n: count() }).from(historicParticipants)).n).toBe(counts.historic);
      // Encrypted columns decrypt with the key file that stayed in DATA_DIR.
      const moved = only(await database.db.select().from(signups).where(eq(signups.id, team.id)));
      expect(moved).toEqual(team);
    } finally {
      await database.close();
    }
    const names = readdirSync(config.dataDir);
    expect(names).not.toContain('pglite');
    expect(names.some((n) => n.startsWith('pglite-before-postgres-'))).toBe(true);
    expect(
      readFileSync(
        path.join(
          config.dataDir,
          names.find((f) => f.includes('key'))!,
        ),
      ),
    ).toEqual(key);

    // The next start opens the moved data without moving anything again.
    const again = await openDatabase(config, () => {});
    expect(only(await again.db.select({ n: count() }).from(signups)).n).toBe(counts.signups);
    await again.close();
  });

  it('stops with a clear message and moves nothing when PostgreSQL already holds data', async () => {
    const { config } = await earlierDataDir({ demo: false });
    const pglite = path.join(config.dataDir, 'pglite');
    const { renameSync } = await import('node:fs');
    renameSync(pglite, `${pglite}-hidden`);
    await (await openDatabase(config, () => {})).close();
    renameSync(`${pglite}-hidden`, pglite);

    await expect(openDatabase(config, () => {})).rejects.toBeInstanceOf(PgliteMigrationError);
    expect(existsSync(path.join(pglite, 'PG_VERSION'))).toBe(true);
  });
});
