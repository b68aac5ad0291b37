/**
 * The live rally under load, as issue 32 asks: 200 teams each posting a position every 30 s and an
 * answer a minute, with 2,000 supporters holding the live page open, on one instance.
 *
 * Run alone with `npm run bench -- live-only` (writes only its section of bench/results.md), or as
 * part of `npm run bench`. `BENCH_LIVE_SECONDS` is the length of the load (default 60 s);
 * `BENCH_LIVE_TEAMS` and `BENCH_LIVE_PAGES` change the 200 and the 2,000.
 *
 * The site runs compiled on the embedded PostgreSQL, its clock (RALLY_CLOCK) on day 2 of the
 * season's rally. Seeded before it starts: the teams holding a place, each with a driver account,
 * a session (written as a login leaves it, src/server/test/stored-session.ts) and position sharing
 * on, and the day's clues, released. The supporters are a process of their own
 * (bench/live-supporters.ts). Each team's posts are spread over the period (a random phase per
 * team, not in lockstep); half its answers are right; one in twenty is sent again for a clue it
 * already scored (a second phone), which is a 409, counted apart and not as an error.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import { clues, signups, teamTracking, users } from '../src/server/db/schema';
import { storeSession } from '../src/server/test/stored-session';
import { teamInput } from '../src/common/factories';
import { SHARED_TEST_KEY, sleep, startSite, treeCpuMs, treePssMb } from './processes';

/** Day 2 of the season's rally (9-12 September 2026), 13:00 in Jersey: what the tests use. */
const LIVE_CLOCK = '2026-09-10T12:00:00Z';
const TEAMS = Number(process.env.BENCH_LIVE_TEAMS ?? 200);
const PAGES = Number(process.env.BENCH_LIVE_PAGES ?? 2000);
const CLUES = 20;
const ANSWER_EVERY_MS = 60_000;
const POSITION_EVERY_MS = 30_000;

type Quantiles = { p50: number; p95: number; p99: number; max: number };
export type LiveFigure = {
  seconds: number;
  teams: number;
  pages: number;
  restMb: number;
  pagesRestMb: number;
  perPageKb: number;
  peakMb: number;
  /** The node process's part of the peak (the rest is PostgreSQL). */
  peakNodeMb: number;
  cpuPercent: number;
  changes: number;
  positions: { sent: number; errors: number };
  /** Team requests sent again after a network error (the same clientId), as the rally app does. */
  retried: number;
  answers: { sent: number; ok: number; scoring: number; conflicts: number; errors: number };
  pagesRefused: number;
  streamDrops: number;
  fetch200: number;
  fetch304: number;
  fetchErrors: number;
  eventsPerPage: number;
  event: Quantiles;
  standings: Quantiles;
  samples: number;
  missed: number;
  /** The site's CPU (ms) in the run over the changes a page was told of: the teams' requests, builds, fan-out and fetches. */
  cpuMsPerChange: number;
  /** The failures by kind: a request's status or network error. */
  failures: Record<string, number>;
  loadAverage: string;
};

type Team = { signupId: number; cookie: string; solved: Set<number>; total: number };
type Clue = { id: number; points: number; answer: string };

async function seed(env: Record<string, string>, sessionSecret: string): Promise<{ teams: Team[]; clues: Clue[] }> {
  const database = await openDatabase(loadConfig({ ...process.env, ...env, DATA_ENCRYPTION_KEY: SHARED_TEST_KEY }));
  const { db } = database;
  try {
    const { rows: current } = (await db.execute(sql`select current_rally_year() as year`)) as unknown as { rows: { year: number }[] };
    const year = Number(current[0]!.year); // the migrations make the first season
    const people = await db
      .insert(users)
      .values(Array.from({ length: TEAMS }, (_, i) => ({ email: `live-driver${i}@bench.example`, firstName: 'Driver', lastName: `${i}` })))
      .returning({ id: users.id });
    const rows = await db
      .insert(signups)
      .values(
        people.map((p, i) =>
          teamInput({
            userId: p.id,
            teamName: `Live Team ${i + 1}`,
            driverEmail: `live-driver${i}@bench.example`,
            status: 'confirmed' as const,
          }),
        ),
      )
      .returning({ id: signups.id, userId: signups.userId });
    await db.insert(teamTracking).values(rows.map((r) => ({ signupId: r.id, sharing: true, sharingChangedAt: new Date() })));
    const teams: Team[] = [];
    for (const r of rows) {
      const { name, value } = await storeSession(db, r.userId!, sessionSecret);
      teams.push({ signupId: r.id, cookie: `${name}=${value}`, solved: new Set(), total: 0 });
    }
    const made = await db
      .insert(clues)
      .values(
        Array.from({ length: CLUES }, (_, i) => ({
          rallyYear: year,
          day: 2,
          title: `Bench clue ${i + 1}`,
          body: 'What is the answer?',
          releaseAt: new Date('2026-09-10T09:00:00Z'),
          placeName: 'St Helier',
          longitude: -2.1,
          latitude: 49.18,
          radiusMetres: 200,
          points: 10 + (i % 5) * 10,
          answerKind: 'text' as const,
          acceptedAnswers: [`answer ${i + 1}`],
        })),
      )
      .returning({ id: clues.id, points: clues.points, acceptedAnswers: clues.acceptedAnswers });
    return { teams, clues: made.map((c) => ({ id: c.id, points: c.points, answer: c.acceptedAnswers[0]! })) };
  } finally {
    await database.close();
  }
}

function supporters(siteUrl: string): { child: ChildProcess; next: <T>(type: string) => Promise<T> } {
  const child = fork(path.resolve('bench/live-supporters.ts'), [siteUrl, String(PAGES)], { stdio: 'inherit' });
  return {
    child,
    next: <T>(type: string) =>
      new Promise<T>((resolve, reject) => {
        const onMessage = (m: { type: string }) => {
          if (m.type !== type) return;
          child.off('message', onMessage);
          resolve(m as T);
        };
        child.on('message', onMessage);
        child.once('exit', () => reject(new Error(`the supporters' process ended before "${type}"`)));
      }),
  };
}

/** The teams' side for `seconds`: answers and positions, each team on its own phase. */
async function teamsLoad(siteUrl: string, teams: Team[], clueList: Clue[], seconds: number) {
  const figures = { retried: 0, positions: { sent: 0, errors: 0 }, answers: { sent: 0, ok: 0, scoring: 0, conflicts: 0, errors: 0 } };
  /** What the failed requests were: a status, or the network error. */
  const failures: Record<string, number> = {};
  const failed = (why: string) => (failures[why] = (failures[why] ?? 0) + 1);
  const scoring: { signupId: number; total: number; okAt: number }[] = [];
  const started = Date.now();
  const end = started + seconds * 1000;
  const send = (team: Team, url: string, body: object) =>
    fetch(`${siteUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: team.cookie },
      body: JSON.stringify(body),
    });
  // The rally app sends again what did not arrive, with the same clientId (counted once by the
  // site): a connection the site closed as the request left (keep-alive's race) is tried once more.
  const post = (team: Team, url: string, body: object) =>
    send(team, url, body).catch(() => {
      figures.retried++;
      return send(team, url, body);
    });

  const answer = async (team: Team) => {
    const open = clueList.filter((c) => !team.solved.has(c.id));
    const again = team.solved.size > 0 && Math.random() < 0.05;
    const clue = again ? clueList.find((c) => team.solved.has(c.id))! : open[Math.floor(Math.random() * open.length)];
    if (!clue) return;
    const right = again || Math.random() < 0.5;
    // Dated by the phone, on the site's rally day: LIVE_CLOCK stands still, the answers move towards it.
    const answeredAt = new Date(Date.parse(LIVE_CLOCK) - (end - Date.now()) - 60_000).toISOString();
    figures.answers.sent++;
    try {
      const res = await post(team, '/api/my-rally-app/answers', {
        clientId: randomUUID(),
        clueId: clue.id,
        text: right ? clue.answer : 'a wrong guess',
        answeredAt,
      });
      const okAt = performance.timeOrigin + performance.now();
      if (res.status === 409) figures.answers.conflicts++;
      else if (!res.ok) {
        figures.answers.errors++;
        failed(`answer ${res.status}`);
      } else {
        figures.answers.ok++;
        const { answer: result } = (await res.json()) as { answer: { status: string; points: number } };
        if (result.status === 'correct') {
          team.solved.add(clue.id);
          team.total += result.points;
          figures.answers.scoring++;
          scoring.push({ signupId: team.signupId, total: team.total, okAt });
        }
      }
      if (res.status === 409 || !res.ok) await res.arrayBuffer();
    } catch (err) {
      figures.answers.errors++;
      failed(`answer ${err instanceof Error ? err.message : 'failed'}`);
    }
  };
  const position = async (team: Team) => {
    figures.positions.sent++;
    try {
      const res = await post(team, '/api/my-rally-app/positions', {
        lat: 49.18 + Math.random() / 10,
        lng: -2.1 + Math.random() / 10,
        accuracy: 8,
        recordedAt: new Date().toISOString(),
        clientId: randomUUID(),
      });
      await res.arrayBuffer();
      if (!res.ok) {
        figures.positions.errors++;
        failed(`position ${res.status}`);
      }
    } catch (err) {
      figures.positions.errors++;
      failed(`position ${err instanceof Error ? err.message : 'failed'}`);
    }
  };
  const every = async (team: Team, periodMs: number, act: (team: Team) => Promise<void>) => {
    let at = started + Math.random() * periodMs;
    while (at < end) {
      await sleep(Math.max(0, at - Date.now()));
      await act(team);
      at += periodMs;
    }
  };
  await Promise.all(teams.flatMap((t) => [every(t, ANSWER_EVERY_MS, answer), every(t, POSITION_EVERY_MS, position)]));
  return { ...figures, scoring, failures };
}

export async function benchLive(port: number, seconds: number): Promise<LiveFigure> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-live-'));
  const sessionSecret = randomBytes(32).toString('hex');
  // The site reads its session secret from here (session-secret.ts): the seeded sessions are signed with it.
  writeFileSync(path.join(dataDir, 'session-secret'), sessionSecret, { mode: 0o600 });
  const env = { DATA_DIR: dataDir, RALLY_CLOCK: LIVE_CLOCK };
  const { teams, clues: clueList } = await seed(env, sessionSecret);
  const site = await startSite(env, port);
  let pages: ReturnType<typeof supporters> | null = null;
  try {
    await sleep(3000);
    const restMb = treePssMb(site.child.pid!);
    pages = supporters(site.url);
    const { refused } = await pages.next<{ refused: number }>('opened');
    await sleep(5000);
    const pagesRestMb = treePssMb(site.child.pid!);
    let peakMb = pagesRestMb;
    let peakNodeMb = 0;
    const sampler = setInterval(() => {
      const tree = treePssMb(site.child.pid!);
      if (tree > peakMb) [peakMb, peakNodeMb] = [tree, treePssMb(site.child.pid!, false)];
    }, 500);
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    const cpuBefore = treeCpuMs(site.child.pid!, true);
    const t0 = Date.now();
    pages.child.send({ type: 'start' });
    const load = await teamsLoad(site.url, teams, clueList, seconds);
    // The last changes' events and fetches.
    await sleep(3000);
    const cpuSeconds = (treeCpuMs(site.child.pid!, true) - cpuBefore) / 1000;
    const cpuPercent = (cpuSeconds / ((Date.now() - t0) / 1000)) * 100;
    clearInterval(sampler);
    const loadAfter = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    const figures = pages.next<Omit<LiveFigure, 'seconds' | 'failures'> & { fetchFailures: Record<string, number> }>('figures');
    pages.child.send({ type: 'finish', answers: load.scoring });
    const f = await figures;
    return {
      seconds,
      teams: TEAMS,
      pages: PAGES,
      restMb,
      pagesRestMb,
      perPageKb: ((pagesRestMb - restMb) * 1024) / PAGES,
      peakMb,
      peakNodeMb,
      cpuPercent,
      changes: load.answers.sent,
      positions: load.positions,
      retried: load.retried,
      answers: load.answers,
      pagesRefused: refused,
      streamDrops: f.streamDrops,
      fetch200: f.fetch200,
      fetch304: f.fetch304,
      fetchErrors: f.fetchErrors,
      eventsPerPage: f.eventsPerPage,
      event: f.event,
      standings: f.standings,
      samples: f.samples,
      missed: f.missed,
      cpuMsPerChange: (cpuSeconds * 1000) / Math.max(1, f.eventsPerPage),
      failures: { ...load.failures, ...Object.fromEntries(Object.entries(f.fetchFailures).map(([k, n]) => [`standings ${k}`, n])) },
      loadAverage: `${loadBefore} to ${loadAfter}`,
    };
  } finally {
    pages?.child.kill();
    await site.stop();
  }
}

export const LIVE_HEADING = '## Live rally';

/** The section of bench/results.md. */
export function liveLines(f: LiveFigure): string[] {
  const ms = (q: Quantiles) => `${q.p50.toFixed(0)} / ${q.p95.toFixed(0)} / ${q.p99.toFixed(0)} ms`;
  const mark = (ok: boolean) => (ok ? 'met' : 'missed');
  const errors = f.positions.errors + f.answers.errors + f.fetchErrors + f.streamDrops + f.pagesRefused + f.missed;
  return [
    `${LIVE_HEADING} (targets: no error, a standings change reaching open pages in under 1 s at p99, the site's tree under 200 MB PSS at rest and 300 MB under load)`,
    '',
    `Written by \`npm run bench -- live-only\` on ${new Date().toISOString().slice(0, 10)}, BENCH_LIVE_SECONDS=${f.seconds}: ${f.teams} teams ` +
      `each posting a position every 30 s and an answer a minute (half of them right, one in twenty again for a clue already scored), ` +
      `${f.pages.toLocaleString('en-GB')} open /live pages (node:http Server-Sent Events, each fetching the standings on every ` +
      '`standings.changed`, compressed and with If-None-Match as a browser does), on one instance with the embedded PostgreSQL. ' +
      `Machine load average ${f.loadAverage} during the run (two cores, shared with other work).`,
    '',
    '| figure | value | target |',
    '|---|---|---|',
    `| positions posted | ${f.positions.sent} (${f.positions.errors} errors) | |`,
    `| team requests sent again after a network error, as the app does (same clientId) | ${f.retried} | |`,
    `| answers posted | ${f.answers.sent}: ${f.answers.ok} 2xx (${f.answers.scoring} scoring), ${f.answers.conflicts} 409 (already scored: expected, not errors), ${f.answers.errors} errors | |`,
    `| standings fetches by the pages | ${f.fetch200} 200, ${f.fetch304} 304, ${f.fetchErrors} errors; median page got ${f.eventsPerPage} events | |`,
    `| streams refused or dropped | ${f.pagesRefused} refused, ${f.streamDrops} dropped | |`,
    `| errors in all | ${errors}${
      errors
        ? `: ${Object.entries(f.failures)
            .map(([k, n]) => `${k} × ${n}`)
            .join(', ')}`
        : ''
    } | ${mark(errors === 0)} |`,
    `| scoring answer's 2xx to the page's event, p50 / p95 / p99 | ${ms(f.event)} | |`,
    `| scoring answer's 2xx to the page having the new standings, p50 / p95 / p99 (max) | ${ms(f.standings)} (${f.standings.max.toFixed(0)} ms) over ${f.samples.toLocaleString('en-GB')} answer × page pairs, ${f.missed} never shown | ${mark(f.standings.p99 < 1000 && f.missed === 0)} |`,
    `| PSS at rest, no page open | ${f.restMb.toFixed(0)} MB | ${mark(f.restMb < 200)} |`,
    `| PSS at rest, ${f.pages.toLocaleString('en-GB')} pages open | ${f.pagesRestMb.toFixed(0)} MB (${f.perPageKb.toFixed(1)} KB a page) | ${mark(f.pagesRestMb < 200)} |`,
    `| PSS peak under load | ${f.peakMb.toFixed(0)} MB (node ${f.peakNodeMb.toFixed(0)} MB, PostgreSQL the rest) | ${mark(f.peakMb < 300)} |`,
    `| site tree CPU under load (node + postgres; 100% is one core) | ${f.cpuPercent.toFixed(0)}%, ${f.cpuMsPerChange.toFixed(0)} ms per change passed to the pages (all the site's work in the run, the teams' requests included, over the changes) | |`,
    '',
  ];
}
