/**
 * Bundle budget, run after every build: the JavaScript and CSS a first visit to `/` loads must
 * stay within 150 KB gzipped, and admin or dashboard code must not be among it.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

export const BUDGET_BYTES = 150 * 1024;
const dir = process.env.WEB_OUT_DIR ?? 'dist/web';

export function firstVisitAssets(): string[] {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  return [...new Set(refs)];
}

export function gzipSize(asset: string): number {
  return gzipSync(readFileSync(path.join(dir, asset))).length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const assets = firstVisitAssets();
  const total = assets.reduce((sum, a) => sum + gzipSize(a), 0);
  const forbidden = assets.filter((a) => /admin|dashboard/i.test(a));
  console.log(`first visit to /: ${assets.length} files, ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB)`);
  if (total > BUDGET_BYTES || forbidden.length) {
    if (forbidden.length) console.error(`admin or dashboard code loaded by /: ${forbidden.join(', ')}`);
    console.error('bundle budget exceeded');
    process.exit(1);
  }
}
