/**
 * `npm run bench`: seeds the large data set in a fresh database, starts the built site and
 * measures it (public endpoints beside a plain node:http server, bundle sizes, bulk e-mail,
 * spreadsheet import, cold start and memory), on PGlite and on PostgreSQL, into bench/results.md.
 * Figures are ratios or sizes, so they hold on a noisy machine. `BENCH_SECONDS` shortens runs.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import { seedLarge, LARGE } from './seed-large';
import { startSite, rssMb, sleep } from './processes';
import { compareEndpoint, type HttpFigure } from './http';
import { bundleFigures } from './bundle';
import { benchBulkMail, type BulkFigure } from './bulk-mail';
import { benchImport, type ImportFigure } from './import';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ENDPOINTS = ['/api/leaderboard', '/api/signups', '/api/participants', '/api/participants/2018', '/'];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };

type Run = { kind: string; seedSeconds: number; coldStartMs: number; restMb: number; http: HttpFigure[]; bulk?: BulkFigure; imp?: ImportFigure; error?: string };

async function freshEnv(kind: 'pglite' | 'postgres'): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${kind}-`));
  if (kind === 'pglite') return { env: { DATA_DIR: dataDir }, cleanup: async () => {} };
  const name = `rally_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    cleanup: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function benchDatabase(kind: 'pglite' | 'postgres', port: number): Promise<Run> {
  const { env, cleanup } = await freshEnv(kind);
  const run: Run = { kind, seedSeconds: 0, coldStartMs: 0, restMb: 0, http: [] };
  try {
    const t0 = Date.now();
    const database = await openDatabase(loadConfig({ ...process.env, ...env }));
    const people = await seedLarge(database.db);
    await database.close();
    run.seedSeconds = (Date.now() - t0) / 1000;

    const site = await startSite({ ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, port);
    run.coldStartMs = site.coldStartMs;
    await sleep(3000);
    run.restMb = rssMb(site.child.pid!);
    for (const [i, p] of ENDPOINTS.entries()) {
      run.http.push(await compareEndpoint(site.url, p, SECONDS, port + 10 + i));
      console.log(`${kind} ${p}: done`);
    }
    run.imp = await benchImport(site.url, ADMIN, people);
    await site.stop();
    run.bulk = await benchBulkMail({ ...env }, port + 30, ADMIN);
  } catch (err) {
    run.error = err instanceof Error ? err.message : String(err);
    console.error(`${kind}: ${run.error}`);
  } finally {
    await cleanup();
  }
  return run;
}

const pgReachable = async () => {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
};

if (!existsSync('dist/web/index.html')) throw new Error('build the site first: npm run build');
const runs: Run[] = [await benchDatabase('pglite', 5400)];
if (await pgReachable()) runs.push(await benchDatabase('postgres', 5500));
else console.warn(`PostgreSQL not reachable at ${PG_URL}: skipped`);
const bundle = bundleFigures();

const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const lines: string[] = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}. Data: ${LARGE.teams.toLocaleString('en-GB')} teams, ` +
    `${LARGE.donations.toLocaleString('en-GB')} donations, ${LARGE.historic.toLocaleString('en-GB')} historic participants. ` +
    `autocannon, 50 connections, ${SECONDS} s per endpoint; "plain" is a bare node:http server sending the same bytes.`,
  '',
  '## Public endpoints (targets: ratio 0.5 or better, p99 under 50 ms)',
  '',
  '| database | endpoint | bytes | req/s | p99 ms | plain req/s | plain p99 ms | ratio | errors | target |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
for (const r of runs) {
  for (const h of r.http) {
    const ok = h.ratio >= 0.5 && h.p99 < 50 && h.errors === 0;
    lines.push(`| ${r.kind} | \`${h.path}\` | ${h.bytes} | ${h.rps.toFixed(0)} | ${h.p99} | ${h.plainRps.toFixed(0)} | ${h.plainP99} | ${h.ratio.toFixed(2)} | ${h.errors} | ${ok ? 'met' : 'missed'} |`);
  }
}
lines.push('', '## Bundle (target: 150 KB or less gzipped for the first visit to `/`)', '',
  '| figure | size |', '|---|---|',
  `| JS + CSS loaded by \`/\` (gzip) | ${kb(bundle.firstVisitGzip)} (${bundle.firstVisitGzip <= 150 * 1024 ? 'met' : 'missed'}) |`,
  `| largest chunk (gzip) | ${kb(bundle.largestGzip)} \`${bundle.largestName}\` |`,
  `| admin or dashboard code loaded by \`/\` | ${bundle.forbidden.length ? bundle.forbidden.join(', ') : 'none'} |`);
lines.push('', '## Bulk e-mail, import, start-up (targets: 200 msg/s and under 300 MB RSS; import under 5 s)', '',
  '| database | seed s | cold start to first 200 | RSS at rest | import 10,000 rows | bulk 5,000 msg/s | bulk peak RSS | notes |',
  '|---|---|---|---|---|---|---|---|');
for (const r of runs) {
  lines.push(`| ${r.kind} | ${r.seedSeconds.toFixed(1)} | ${r.coldStartMs} ms | ${r.restMb.toFixed(0)} MB | ` +
    `${r.imp ? `${r.imp.seconds.toFixed(2)} s (${r.imp.imported} matched)` : '-'} | ` +
    `${r.bulk ? r.bulk.perSecond.toFixed(0) : '-'} | ${r.bulk ? `${r.bulk.peakMb.toFixed(0)} MB` : '-'} | ${r.error ?? ''} |`);
}
writeFileSync('bench/results.md', lines.join('\n') + '\n');
console.log(lines.join('\n'));
process.exit(0);
