/**
 * Bundle budget, run after every build: the JavaScript and CSS a first visit to `/` loads (the app
 * entry, the home page chunk and everything they import, including the home page's own lazy parts)
 * must stay within 150 KB gzipped, and no admin or dashboard code may be among it.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

export const BUDGET_BYTES = 150 * 1024;
const dir = process.env.WEB_OUT_DIR ?? 'dist/web';

type ManifestEntry = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] };

export function firstVisitAssets(): string[] {
  const manifest: Record<string, ManifestEntry> = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
  const files = new Set<string>();
  const seen = new Set<string>();
  const collect = (key: string, followDynamic: boolean) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    files.add(`/${entry.file}`);
    entry.css?.forEach((c) => files.add(`/${c}`));
    entry.imports?.forEach((k) => collect(k, followDynamic));
    if (followDynamic) entry.dynamicImports?.forEach((k) => collect(k, true));
  };
  collect('index.html', false);
  collect('pages/home-page.tsx', true);
  return [...files];
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
