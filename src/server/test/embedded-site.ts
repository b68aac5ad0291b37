import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * A site stand-in holding the embedded database of DATA_DIR (hold-embedded-database.ts, in a process
 * of its own that a test may kill), and its postmaster's pid once the database is open.
 */
export async function holdEmbeddedSite(DATA_DIR: string) {
  const site = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/hold-embedded-database.ts'], {
    env: { ...process.env, DATA_DIR },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(site.stdout!.setEncoding('utf8'), 'data')) as [string];
  return { site, postmaster: Number(line.trim()) };
}

/** True while a process with this pid runs. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
