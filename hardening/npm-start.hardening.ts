import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHARED_TEST_KEY } from '../bench/processes';
import { alive, processTree, waitUntil } from './support';

/**
 * `npm start` under a supervisor (pm2, supervisord, a CI runner): they stop it with SIGTERM to the
 * npm process. The site and its embedded PostgreSQL must stop with it, within the stop grace.
 */
describe('npm start', () => {
  it('stops the site and its embedded PostgreSQL when npm gets SIGTERM, leaving no process behind', async () => {
    const port = 5641;
    const npm = spawn('npm', ['start', '--silent'], {
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rally-npm-start-')),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        DATA_ENCRYPTION_KEY: SHARED_TEST_KEY,
        NPM_CONFIG_UPDATE_NOTIFIER: 'false',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const npmExited = new Promise((resolve) => npm.once('exit', resolve));
    const ready = await waitUntil(
      () =>
        fetch(`http://127.0.0.1:${port}/health/ready`).then(
          (r) => r.ok,
          () => false,
        ),
      120_000,
    );
    expect(ready).toBe(true);
    // npm, node (the shell's exec leaves no shell between them), the embedded postgres and its workers.
    const tree = processTree(npm.pid!);
    expect(tree.length).toBeGreaterThan(3);

    npm.kill('SIGTERM');
    await npmExited;
    // Within the site's stop grace (15 s) and PostgreSQL's own, with room for a busy machine.
    const allGone = await waitUntil(() => tree.every((pid) => !alive(pid)), 30_000);
    expect(tree.filter(alive)).toEqual([]);
    expect(allGone).toBe(true);
    const answering = await fetch(`http://127.0.0.1:${port}/health`).then(
      () => true,
      () => false,
    );
    expect(answering).toBe(false);
  }, 180_000);
});
