/**
 * `npm run bench`: seeds the large data set in a fresh database, starts the built site and
 * measures it (public endpoints beside a plain node:http server, bundle sizes, bulk e-mail,
 * spreadsheet import, cold start and memory), on the embedded PostgreSQL and on an external one, into bench/results.md.
 * Figures are ratios or sizes, so they hold on a noisy machine. `BENCH_SECONDS` shortens runs.
 * `npm run bench -- lighthouse` runs only the Lighthouse pass and updates its part of the file;
 * `npm run bench -- no-lighthouse` runs the rest and keeps the file's Lighthouse part.
 * `npm run bench -- live-only` runs only the live rally under load (bench/live.ts: 200 teams, 2,000
 * open live pages, for BENCH_LIVE_SECONDS or 60 s) and updates its part of the file.
 * `npm run bench -- followers` runs only an update to 2,000 followers (bench/followers.ts) and updates
 * its part of the file (a full run keeps it, as it keeps the Lighthouse part after which it stands).
 * `BENCH_PORT` moves the ports used (default 5390 to 5640) off those of another run.
 * `BENCH_PGLITE_TREE=/path` also measures, in the same run, the site as it was on PGlite: a checkout
 * of the last commit before the move (`git worktree add --detach /path 80f8943^`, then `npm ci` and
 * `npm run build` there), seeded and started with its own code and measured with the same functions.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import { seedLarge, LARGE, type SeededPerson } from './seed-large';
import { startSite, treePssMb, sleep, SHARED_TEST_KEY } from './processes';
import { compareEndpoint, type HttpFigure } from './http';
import { bundleFigures } from './bundle';
import { BUDGET_BYTES } from '../scripts/check-bundle';
import { benchBulkMail, type BulkFigure } from './bulk-mail';
import { benchImport, IMPORT_PATH_BEFORE_RENAME, type ImportFigure } from './import';
import { benchLighthouse, CPU_SLOWDOWN, DEFAULT_CPU_SLOWDOWN, type LighthouseFigure } from './lighthouse';
import { benchLive, liveLines, LIVE_HEADING } from './live';
import { benchFollowers, followersLines, FOLLOWERS_HEADING } from './followers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The live rally's load lasts a minute unless told: each team answers once a minute. */
// The live rally's load has its own length: a few seconds hold too few changes to measure.
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 60);
const ENDPOINTS = ['/api/leaderboard', '/api/signups', '/api/participants', '/api/participants/2018', '/'];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };
const PGLITE_TREE = process.env.BENCH_PGLITE_TREE ? path.resolve(process.env.BENCH_PGLITE_TREE) : undefined;
const PGLITE = 'pglite (before the move)';
const COLD_STARTS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Kind = typeof PGLITE | 'embedded' | 'postgres';
type Run = {
  kind: Kind;
  seedSeconds: number;
  /** Restarts of the seeded folder, each from spawn to the first 200. */
  coldStartsMs: number[];
  coldStartMs: number;
  restMb: number;
  demoRestMb: number;
  http: HttpFigure[];
  bulk?: BulkFigure;
  imp?: ImportFigure;
  error?: string;
};

async function freshEnv(kind: Kind): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${kind.split(' ')[0]}-`));
  if (kind !== 'postgres') return { env: { DATA_DIR: dataDir }, cleanup: async () => {} };
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

/** The large data set, seeded by this checkout's code or, for PGlite, by the old checkout's own. */
async function seed(kind: Kind, env: Record<string, string>): Promise<SeededPerson[]> {
  if (kind === PGLITE) {
    const tsx = path.join(PGLITE_TREE!, 'node_modules/.bin/tsx');
    const peopleFile = path.join(env.DATA_DIR!, 'seeded-people.json');
    execFileSync(tsx, [path.resolve('bench/seed-in-tree.ts'), peopleFile], {
      cwd: PGLITE_TREE,
      env: { ...process.env, ...env, DATA_ENCRYPTION_KEY: SHARED_TEST_KEY },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return JSON.parse(readFileSync(peopleFile, 'utf8')) as SeededPerson[];
  }
  // The site's key: a database reached by DATABASE_URL refuses to open without one.
  const database = await openDatabase(loadConfig({ ...process.env, ...env, DATA_ENCRYPTION_KEY: SHARED_TEST_KEY }));
  const people = await seedLarge(database.db);
  await database.close();
  return people;
}

const siteDir = (kind: Kind) => (kind === PGLITE ? PGLITE_TREE : undefined);

/** The whole process tree's memory at rest on a fresh data folder (or database) with the demo data. */
async function demoAtRestMb(kind: Kind, port: number): Promise<number> {
  const { env, cleanup } = await freshEnv(kind);
  try {
    const site = await startSite({ ...env, SEED_DEMO: '1' }, port, siteDir(kind));
    await sleep(3000);
    const mb = treePssMb(site.child.pid!);
    await site.stop();
    return mb;
  } finally {
    await cleanup();
  }
}

async function benchDatabase(kind: Kind, port: number): Promise<Run> {
  const run: Run = { kind, seedSeconds: 0, coldStartsMs: [], coldStartMs: 0, restMb: 0, demoRestMb: 0, http: [] };
  try {
    run.demoRestMb = await demoAtRestMb(kind, port);
  } catch (err) {
    run.error = `demo data: ${err instanceof Error ? err.message : String(err)}`;
  }
  const { env, cleanup } = await freshEnv(kind);
  try {
    const t0 = Date.now();
    const people = await seed(kind, env);
    run.seedSeconds = (Date.now() - t0) / 1000;

    const siteEnv = { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    // The first start makes the organiser's account (a deliberately slow password hash, once); the
    // cold start measured is a restart of that folder, as after a deploy or a reboot: the median
    // of three.
    await (await startSite(siteEnv, port, siteDir(kind))).stop();
    for (let i = 0; i < COLD_STARTS - 1; i++) {
      const site = await startSite(siteEnv, port, siteDir(kind));
      run.coldStartsMs.push(site.coldStartMs);
      await site.stop();
    }
    const site = await startSite(siteEnv, port, siteDir(kind));
    // A failure below must not leave this site running through the rest of the bench.
    try {
      run.coldStartsMs.push(site.coldStartMs);
      run.coldStartMs = median(run.coldStartsMs);
      await sleep(3000);
      run.restMb = treePssMb(site.child.pid!);
      for (const [i, p] of ENDPOINTS.entries()) {
        run.http.push(await compareEndpoint(site.url, p, SECONDS, port + 10 + i));
        console.log(`${kind} ${p}: done`);
      }
      run.imp = await benchImport(site.url, ADMIN, people, kind === PGLITE ? IMPORT_PATH_BEFORE_RENAME : undefined);
    } finally {
      await site.stop();
    }
    run.bulk = await benchBulkMail({ ...env }, port + 30, ADMIN, siteDir(kind));
  } catch (err) {
    run.error = [run.error, err instanceof Error ? err.message : String(err)].filter(Boolean).join('; ');
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

const RESULTS = 'bench/results.md';
const LIGHTHOUSE_HEADING = '## Lighthouse';

function lighthouseLines(figures: LighthouseFigure[]): string[] {
  const loads = figures.map((f) => f.load);
  const indexes = figures.filter((f) => !f.error).map((f) => f.benchmarkIndex);
  const lines = [
    `${LIGHTHOUSE_HEADING} (mobile, simulated slow 4G and ${CPU_SLOWDOWN}x CPU slowdown; targets: performance 95 or more, total blocking time under 200 ms, LCP 1.5 s or less, accessibility, best practices and SEO 100)`,
    '',
    `Written by \`npm run bench -- lighthouse\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: the built site with the demo data, started as \`npm start\` starts it; ` +
      `/rally-app signed in as the demo team. Load average (one minute, two cores) ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} during the run, beside each page: ` +
      'Lighthouse simulates the phone from what it measured, so a busy machine lowers the scores. ' +
      `Lighthouse's CPU benchmark of the browser (its \`benchmarkIndex\`; about 1,000 on a mid-range phone) was ${Math.min(...indexes)} to ${Math.max(...indexes)}, also beside each page: ` +
      `the ${CPU_SLOWDOWN}x slowdown is applied to this machine, so on a machine with half the index the same page blocks far more than twice as long.`,
    '',
    '| page | performance | LCP | total blocking time | accessibility | best practices | SEO | load average | CPU benchmark | target |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    const ok =
      !f.error &&
      f.performance >= 95 &&
      f.tbtMs < 200 &&
      f.lcpMs <= 1500 &&
      f.accessibility === 100 &&
      f.bestPractices === 100 &&
      f.seo === 100;
    lines.push(
      `| \`${f.page}\` | ${f.performance} | ${(f.lcpMs / 1000).toFixed(1)} s | ${Math.round(f.tbtMs)} ms | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${f.load.toFixed(1)} | ${f.benchmarkIndex} | ${f.error ? `error: ${f.error}` : ok ? 'met' : 'missed'} |`,
    );
  }
  lines.push('');
  return lines;
}

if (!existsSync('dist/web/index.html')) throw new Error('build the site first: npm run build');
/** Puts `section` in place of the results file's section under `heading` (or at its end), keeping the rest. */
function replaceSection(heading: string, section: string) {
  const old = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n';
  const start = old.indexOf(heading);
  const end = start < 0 ? -1 : old.indexOf('\n## ', start + 1);
  const next =
    start < 0
      ? `${old.trimEnd()}\n\n${section}`
      : `${old.slice(0, start)}${section.trimEnd()}\n${end < 0 ? '' : `\n${old.slice(end + 1)}`}`;
  writeFileSync(RESULTS, next.trimEnd() + '\n');
  console.log(section);
}
if (process.argv.includes('lighthouse')) {
  // `npm run bench -- lighthouse /donate /live` measures only those pages and writes nothing, as
  // does a run at another CPU slowdown than Lighthouse's own (a check of the margin).
  const only = process.argv.slice(process.argv.indexOf('lighthouse') + 1).filter((a) => a.startsWith('/'));
  const figures = await benchLighthouse(Number(process.env.BENCH_PORT ?? 5390), only);
  if (only.length || CPU_SLOWDOWN !== DEFAULT_CPU_SLOWDOWN) console.log(lighthouseLines(figures).join('\n'));
  else replaceSection(LIGHTHOUSE_HEADING, lighthouseLines(figures).join('\n'));
  process.exit(0);
}
if (process.argv.includes('followers')) {
  replaceSection(FOLLOWERS_HEADING, followersLines(await benchFollowers(Number(process.env.BENCH_PORT ?? 5390) + 400)).join('\n'));
  process.exit(0);
}
if (process.argv.includes('live-only')) {
  replaceSection(LIVE_HEADING, liveLines(await benchLive(Number(process.env.BENCH_PORT ?? 5390) + 300, LIVE_SECONDS)).join('\n'));
  process.exit(0);
}
const PORT = Number(process.env.BENCH_PORT ?? 5390);
const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
// The demo data's memory at rest moved from the Lighthouse part to the memory table.
const keptLighthouse = previous.includes(LIGHTHOUSE_HEADING)
  ? previous
      .slice(previous.indexOf(LIGHTHOUSE_HEADING))
      .trimEnd()
      .split('\n')
      .filter((line) => !line.startsWith('Embedded site with the demo data'))
  : [];
const lighthouseRun = process.argv.includes('no-lighthouse') ? null : await benchLighthouse(PORT);
const runs: Run[] = [];
if (PGLITE_TREE) runs.push(await benchDatabase(PGLITE, PORT + 210));
runs.push(await benchDatabase('embedded', PORT + 10));
if (await pgReachable()) runs.push(await benchDatabase('postgres', PORT + 110));
else console.warn(`PostgreSQL not reachable at ${PG_URL}: skipped`);
const bundle = bundleFigures();
const liveSection = await benchLive(PORT + 300, LIVE_SECONDS).then(liveLines, (err: unknown) => [
  `${LIVE_HEADING}`,
  '',
  `Failed: ${err instanceof Error ? err.message : String(err)}`,
  '',
]);

const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const lines: string[] = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}. Data: ${LARGE.teams.toLocaleString('en-GB')} teams, ` +
    `${LARGE.donations.toLocaleString('en-GB')} donations, ${LARGE.historic.toLocaleString('en-GB')} historic participants. ` +
    `autocannon, 50 connections, ${SECONDS} s per endpoint, asking for compressed answers as a browser does; "plain" is a bare ` +
    'node:http server sending the same bytes and the same headers. The site runs compiled (`node dist/server/main.js`, as `npm start` does).',
  '',
  '## Public endpoints (targets: ratio 0.8 or better, p99 within 2x of the plain server)',
  '',
  '| database | endpoint | bytes sent | req/s | p99 ms | plain req/s | plain p99 ms | ratio | errors | target |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
for (const r of runs) {
  for (const h of r.http) {
    const ok = h.ratio >= 0.8 && h.p99 <= 2 * Math.max(h.plainP99, 1) && h.errors === 0;
    lines.push(
      `| ${r.kind} | \`${h.path}\` | ${h.bytes} | ${h.rps.toFixed(0)} | ${h.p99} | ${h.plainRps.toFixed(0)} | ${h.plainP99} | ${h.ratio.toFixed(2)} | ${h.errors} | ${ok ? 'met' : 'missed'} |`,
    );
  }
}
lines.push(
  '',
  '## Bundle (target: 130 KB or less sent for the first visit to `/`)',
  '',
  '| figure | size |',
  '|---|---|',
  `| JS + CSS loaded by \`/\` (precompressed gzip as sent) | ${kb(bundle.firstVisitGzip)} (${bundle.firstVisitGzip <= BUDGET_BYTES ? 'met' : 'missed'}) |`,
  `| the same with brotli | ${kb(bundle.firstVisitBrotli)} |`,
  `| largest chunk (gzip) | ${kb(bundle.largestGzip)} \`${bundle.largestName}\` |`,
  `| admin or dashboard code loaded by \`/\` | ${bundle.forbidden.length ? bundle.forbidden.join(', ') : 'none'} |`,
);
lines.push(
  '',
  '## Bulk e-mail, import, start-up, memory (targets: 500 msg/s; the whole process tree under 200 MB at rest and 300 MB during the send; import under 3 s; cold start under 1.5 s)',
  '',
  'PSS is the proportional set size of the site and every process it started (the embedded postgres and its backends); ' +
    'the external PostgreSQL is not the site\'s child, so its row counts the site alone. "At rest" is 3 s after the first 200.',
  '',
  '| database | seed s | cold start to first 200 (median; the three restarts) | PSS at rest, demo data | PSS at rest, large data | import 10,000 rows | bulk 5,000 msg/s | bulk peak PSS | notes |',
  '|---|---|---|---|---|---|---|---|---|',
);
const mark = (ok: boolean) => (ok ? 'met' : 'missed');
// CPU time per message holds on a busy machine where messages per second do not.
const bulkCpu = (b: BulkFigure) =>
  b.cpuMsPerMessage
    ? `; CPU per message: site ${b.cpuMsPerMessage.node.toFixed(2)} ms, postgres ${b.cpuMsPerMessage.postgres.toFixed(2)} ms`
    : '';
for (const r of runs) {
  lines.push(
    `| ${r.kind} | ${r.seedSeconds.toFixed(1)} | ${r.coldStartMs} ms (${mark(r.coldStartMs < 1500)}; ${r.coldStartsMs.join(', ')}) | ` +
      `${r.demoRestMb.toFixed(0)} MB (${mark(r.demoRestMb < 200)}) | ${r.restMb.toFixed(0)} MB | ` +
      `${r.imp ? `${r.imp.seconds.toFixed(2)} s (${r.imp.imported} matched, ${mark(r.imp.seconds < 3)})` : '-'} | ` +
      `${r.bulk ? `${r.bulk.perSecond.toFixed(0)} (${mark(r.bulk.perSecond >= 500)})${bulkCpu(r.bulk)}` : '-'} | ${r.bulk ? `${r.bulk.peakMb.toFixed(0)} MB (${mark(r.bulk.peakMb < 300)})` : '-'} | ${(r.error ?? '').replace(/\s+/g, ' ')} |`,
  );
}
lines.push('', ...liveSection);
lines.push('', ...(lighthouseRun ? lighthouseLines(lighthouseRun) : keptLighthouse));
writeFileSync(RESULTS, lines.join('\n') + '\n');
console.log(lines.join('\n'));
process.exit(0);
