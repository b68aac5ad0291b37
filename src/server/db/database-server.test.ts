import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { alive, holdEmbeddedSite } from '../test/embedded-site';

const run = promisify(execFile);

describe('maintenance scripts beside a running site', { timeout: 120_000 }, () => {
  it('npm run backup works while the site runs on the embedded database, and leaves its server running', async () => {
    const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'rally-share-'));
    const outDir = path.join(DATA_DIR, 'backups');
    const { site, postmaster } = await holdEmbeddedSite(DATA_DIR);
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', outDir], {
        env: { ...process.env, DATA_DIR },
      });
      expect(stdout).toMatch(/^backup written: /m);
      expect(readdirSync(outDir).filter((f) => f.endsWith('.tar.gz'))).toHaveLength(1);
      // The script's end did not stop the site's server.
      expect(alive(postmaster)).toBe(true);
    } finally {
      site.kill('SIGTERM');
      await once(site, 'exit');
    }
  });
});
