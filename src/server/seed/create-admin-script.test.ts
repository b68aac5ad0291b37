import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** `npm run create-admin -- --email E`, its password given as the two lines a pipe sends. */
async function createAdmin(DATA_DIR: string, email: string, lines: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', '--email', email], {
    env: { ...process.env, DATA_DIR },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  child.stdin.end(lines.map((l) => `${l}\n`).join(''));
  const [code] = await once(child, 'exit');
  return { code, output };
}

describe('npm run create-admin without --password', { timeout: 120_000 }, () => {
  it('takes the password typed twice, refuses two that differ, and never shows it', async () => {
    const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'rally-create-admin-'));
    const differ = await createAdmin(DATA_DIR, 'organiser@example.org', ['first-rally-password', 'second-rally-password']);
    expect(differ).toMatchObject({ code: 1, output: expect.stringContaining('The two passwords differ: nothing was changed.') });

    const made = await createAdmin(DATA_DIR, 'organiser@example.org', ['first-rally-password', 'first-rally-password']);
    expect(made).toMatchObject({ code: 0, output: expect.stringContaining('organiser@example.org is an admin (created)') });
    expect(differ.output + made.output).not.toContain('rally-password');
  });
});
