import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverIsStale } from '../scripts/build-server';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type RunningServer = { child: ChildProcess; url: string; coldStartMs: number; stop(): Promise<void> };

/** The pid and every descendant's (the embedded postgres and its backends), from /proc. */
function processTree(pid: number): number[] {
  const children = (p: number): number[] => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]!));
  return all;
}

/**
 * Proportional set size of the process and all its descendants in MB: shared pages (postgres's
 * shared buffers, the binaries) count once across the tree, as the memory target asks.
 * With `tree` false, the process alone.
 */
export function treePssMb(pid: number, tree = true): number {
  let kb = 0;
  for (const p of tree ? processTree(pid) : [pid]) {
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return kb / 1024;
}

/**
 * CPU time (user + system, ms) the process has used, or with `tree` the process and every descendant
 * (ended backends are not counted: a send's backends live as long as the pool keeps them).
 */
export function treeCpuMs(pid: number, tree: boolean): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let ms = 0;
  for (const p of tree ? processTree(pid) : [pid]) {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // ended meanwhile
    }
  }
  return ms;
}

/** The encryption key of every site these tools start (a test key, known to all). */
export const SHARED_TEST_KEY = Buffer.alloc(32, 7).toString('base64');

/** The node options `npm start` gives the site (package.json's start script, of `dir`): the bench measures that site. */
function startNodeOptions(dir = '.'): string[] {
  const start: string = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts.start;
  const options = /\bnode ((?:--\S+ )*)dist\/server\/main\.js/.exec(start)?.[1];
  if (options === undefined) throw new Error(`cannot read the node options of the start script: ${start}`);
  return options.split(' ').filter(Boolean);
}

/**
 * Starts the compiled site (as `npm start` runs it, with its node options) and waits for the first 200 from /health.
 * `siteDir` runs another checkout's build instead (the PGlite site before the move, built there).
 * `BENCH_NODE_ARGS` passes options to the site's node (`--cpu-prof --cpu-prof-dir=/tmp/prof` to see
 * where a figure's time goes; node refuses those in NODE_OPTIONS).
 */
export async function startSite(env: Record<string, string>, port: number, siteDir?: string): Promise<RunningServer> {
  if (siteDir) {
    if (!existsSync(path.join(siteDir, 'dist/server/main.js'))) throw new Error(`build ${siteDir} first: npm run build there`);
  } else if (serverIsStale()) await buildServer();
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...startNodeOptions(siteDir), 'dist/server/main.js'],
    {
      cwd: siteDir,
      // Instances on one PostgreSQL share one encryption key (the site refuses DATABASE_URL without it).
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_ENCRYPTION_KEY: SHARED_TEST_KEY,
        ...env,
      },
      // The site's own log (stdout) would drown the report, and fault tests make it log every failure.
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the site exited during start');
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 120_000) throw new Error('the site did not start within 120 s');
    await sleep(20);
  }
  const coldStartMs = Date.now() - started;
  return {
    child,
    url,
    coldStartMs,
    stop: () =>
      new Promise((resolve) => {
        // Already ended (a fault test's site that crashed): nothing to wait for.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the yardstick server with the given bytes and headers (a JSON file of them). */
export async function startPlain(bodyFile: string, headersFile: string, port: number) {
  const child = fork(path.resolve('bench/plain-server.mjs'), [bodyFile, headersFile, String(port)], { stdio: 'inherit' });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill();
      }),
  };
}
