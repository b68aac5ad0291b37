/**
 * Lighthouse 12 (mobile, its default simulated slow 4G and 4x CPU slowdown) on the pages a phone
 * opens: the six public pages, /live (its event stream open: Lighthouse's load ends at network
 * quiet, which allows the one long-lived request) and the rally app of the demo's signed-in team.
 * The site is the built one with the demo data, started as `npm start` starts it
 * (processes.ts), in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). The machine's
 * one-minute load average is taken before each page: on a shared machine it says how far a figure
 * can be trusted. `BENCH_LIGHTHOUSE_CPU_SLOWDOWN=8` runs the pages at twice Lighthouse's slowdown: what
 * a machine with half this one's CPU benchmark would measure at 4x, a check of the margin.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import * as chromeLauncher from 'chrome-launcher';
import { startSite, sleep } from './processes';
import { demoTeams } from '../src/server/seed/demo-teams';
import { DEMO_PASSWORD } from '../src/server/seed/demo';

export type LighthouseFigure = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  /** One-minute load average just before the page was measured. */
  load: number;
  /**
   * Lighthouse's own CPU benchmark of this browser during the run (`environment.benchmarkIndex`): about
   * 1,000 on a mid-range phone (a Pixel 5). Its 4x slowdown is applied to this machine's speed, so the
   * same page blocks longer on a slower machine: figures from machines whose index differs compare badly.
   */
  benchmarkIndex: number;
  error?: string;
};

/** Lighthouse's mobile CPU slowdown (4x), and the one this run uses (BENCH_LIGHTHOUSE_CPU_SLOWDOWN, if set). */
export const DEFAULT_CPU_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;
export const CPU_SLOWDOWN = Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN ?? DEFAULT_CPU_SLOWDOWN);
if (!(CPU_SLOWDOWN >= 1))
  throw new Error(`BENCH_LIGHTHOUSE_CPU_SLOWDOWN must be a number of 1 or more, not "${process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN}"`);
const THROTTLING = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN };

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The session cookie of the demo's team account (the first demo team's driver), signed in through the API as the login page does. */
async function teamCookie(url: string): Promise<string> {
  const email = demoTeams[0]!.driverEmail;
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`signing in as ${email}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The pages' scores on the site with the demo data. `only` limits the run to pages containing one of its strings. */
export async function benchLighthouse(port: number, only: string[] = []): Promise<LighthouseFigure[]> {
  const site = await startSite({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-')), SEED_DEMO: '1' }, port);
  await sleep(3000);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const figures: LighthouseFigure[] = [];
  try {
    const teams = (await (await fetch(`${site.url}/api/signups`)).json()) as { id: number }[];
    const cookie = await teamCookie(site.url);
    const pages: { page: string; headers?: Record<string, string> }[] = [
      { page: '/' },
      { page: '/rally/2018' },
      { page: '/teams' },
      { page: '/leaderboard' },
      { page: `/donate/${teams[0]?.id ?? 1}` },
      { page: '/signup' },
      { page: '/live' },
      { page: '/rally-app', headers: { Cookie: cookie } },
    ];
    for (const { page, headers } of pages.filter((p) => !only.length || only.some((o) => p.page.includes(o)))) {
      const load = loadavg()[0]!;
      try {
        // Lighthouse 12 with this Chromium now and then fails to record the trace (NO_NAVSTART) and
        // asks to be run again: a page gets three tries, and a third failure is reported.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(site.url + page, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            throttling: THROTTLING,
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            ...(headers ? { extraHeaders: headers } : {}),
          });
          if (!result) throw new Error('no result');
          const failure = result.lhr.runtimeError;
          if (!failure) break;
          if (attempt === 3) throw new Error(`${failure.code}: ${failure.message}`);
          console.log(`lighthouse ${page}: ${failure.code}, running it again`);
        }
        // BENCH_LIGHTHOUSE_REPORTS=/dir keeps each page's whole report (its traces' summaries, every audit).
        const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
        if (reports) writeFileSync(path.join(reports, `${page.replace(/\W+/g, '_')}.json`), JSON.stringify(result.lhr));
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        figures.push({
          page,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
          tbtMs: audits['total-blocking-time']?.numericValue ?? 0,
          load,
          benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
        });
        const failing = Object.values(audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        // Where the main thread went (Lighthouse's bootup audit, per script): what to cut next.
        const bootup = ((audits['bootup-time']?.details as { items?: { url: string; scripting: number }[] } | undefined)?.items ?? [])
          .slice(0, 4)
          .map((i) => `${i.url.replace(site.url, '')} ${Math.round(i.scripting)} ms`);
        console.log(
          `lighthouse ${page}: ${JSON.stringify(figures.at(-1))}${failing.length ? ` failing: ${failing.join(', ')}` : ''}; scripting: ${bootup.join(', ')}`,
        );
      } catch (err) {
        figures.push({
          page,
          performance: 0,
          accessibility: 0,
          bestPractices: 0,
          seo: 0,
          lcpMs: 0,
          tbtMs: 0,
          load,
          benchmarkIndex: 0,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }
  } finally {
    chrome.kill();
    await site.stop();
  }
  return figures;
}
