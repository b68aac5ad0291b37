import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from './open';
import { DatabaseInUseError } from './database-server';
import { emailUpdates } from './schema';
import { only } from '../test/rows';
import { alive, holdEmbeddedSite } from '../test/embedded-site';

describe('the embedded database', { timeout: 120_000 }, () => {
  it('admits one process at a time, and keeps its data across restarts', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rally-open-')) });
    const first = await openDatabase(config);
    await first.db.insert(emailUpdates).values({ name: 'Kept', email: 'kept@example.je' });
    await expect(openDatabase(config)).rejects.toBeInstanceOf(DatabaseInUseError);
    await first.close();

    const again = await openDatabase(config);
    const { n } = only(await again.db.select({ n: count() }).from(emailUpdates));
    expect(n).toBe(1);
    await again.close();
  });

  it('does not leave its server running when the site is killed with SIGKILL', async () => {
    const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'rally-crash-'));
    const { site, postmaster } = await holdEmbeddedSite(DATA_DIR);
    expect(alive(postmaster)).toBe(true);

    site.kill('SIGKILL');
    await expect.poll(() => alive(postmaster), { timeout: 20_000 }).toBe(false);

    // The next start finds the folder free.
    const again = await openDatabase(loadConfig({ DATA_DIR }));
    await again.close();
  });
});
