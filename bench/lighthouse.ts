/**
 * Lighthouse (mobile, its default simulated slow 4G) on the public pages of the built site with
 * the demo data, in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startSite, sleep } from './processes';

export type LighthouseFigure = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  error?: string;
};

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The public pages' scores on the site with the demo data. */
export async function benchLighthouse(port: number): Promise<LighthouseFigure[]> {
  const site = await startSite({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-')), SEED_DEMO: '1' }, port);
  await sleep(3000);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const figures: LighthouseFigure[] = [];
  try {
    const teams = (await (await fetch(`${site.url}/api/signups`)).json()) as { id: number }[];
    const pages = ['/', '/rally/2018', '/teams', '/leaderboard', `/donate/${teams[0]?.id ?? 1}`, '/signup'];
    for (const page of pages) {
      try {
        // Lighthouse 12 with this Chromium now and then fails to record the trace (NO_NAVSTART) and
        // asks to be run again: a page gets three tries, and a third failure is reported.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(site.url + page, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          });
          if (!result) throw new Error('no result');
          const failure = result.lhr.runtimeError;
          if (!failure) break;
          if (attempt === 3) throw new Error(`${failure.code}: ${failure.message}`);
          console.log(`lighthouse ${page}: ${failure.code}, running it again`);
        }
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        figures.push({
          page,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
        });
        const failing = Object.values(audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        console.log(`lighthouse ${page}: ${JSON.stringify(figures.at(-1))}${failing.length ? ` failing: ${failing.join(', ')}` : ''}`);
      } catch (err) {
        figures.push({
          page,
          performance: 0,
          accessibility: 0,
          bestPractices: 0,
          seo: 0,
          lcpMs: 0,
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
