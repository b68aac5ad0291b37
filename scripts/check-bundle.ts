/**
 * Bundle budget, run after every build: the JavaScript and CSS a first visit to `/` loads (the app
 * entry, the home page chunk and everything they import, including the home page's own lazy parts)
 * must stay within 130 KB as sent, and no admin or dashboard code may be among it. "As sent" is
 * the gzip file the build wrote beside each asset (what a browser without brotli receives; brotli
 * is smaller still), or the file itself when it was too small to compress.
 *
 * Chunks the home page fetches only when the visitor acts (coming to the Get Updates button: its
 * form and the dialog's code) are not part of the first visit; each is named here so nothing else
 * slips out of the count. (The app entry's own lazy parts, the phone menu's panel and the toasts,
 * load when the visitor opens the menu or does something a toast answers, and are not followed.)
 */
const ON_INTERACTION = new Set(['features/public-site/get-updates-form.tsx', 'components/ui/dialog.tsx']);
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// 130 KB since the phone-speed work (127.5 KB): docs/decisions/007.
export const BUDGET_BYTES = 130 * 1024;
const dir = process.env.WEB_OUT_DIR ?? 'dist/web';

type ManifestEntry = {
  file: string;
  name?: string;
  isDynamicEntry?: boolean;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
};

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
    if (followDynamic) entry.dynamicImports?.filter((k) => !ON_INTERACTION.has(k)).forEach((k) => collect(k, true));
  };
  collect('index.html', false);
  // The app main.tsx starts (after the first paint of a server-rendered page), with all it imports.
  const start = Object.keys(manifest).find((k) => manifest[k]!.name === 'start' && manifest[k]!.isDynamicEntry);
  if (!start) throw new Error('the build has no chunk for src/web/start.tsx');
  collect(start, false);
  collect('pages/home-page.tsx', true);
  return [...files];
}

/** Bytes on the wire for this asset: its precompressed gzip file, or the file itself. */
export function sentSize(asset: string, encoding: 'gz' | 'br' = 'gz'): number {
  const file = path.join(dir, asset);
  return statSync(existsSync(`${file}.${encoding}`) ? `${file}.${encoding}` : file).size;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const assets = firstVisitAssets();
  const total = assets.reduce((sum, a) => sum + sentSize(a), 0);
  const brotli = assets.reduce((sum, a) => sum + sentSize(a, 'br'), 0);
  const forbidden = assets.filter((a) => /admin|dashboard/i.test(a));
  console.log(
    `first visit to /: ${assets.length} files, ${(total / 1024).toFixed(1)} KB sent gzipped, ${(brotli / 1024).toFixed(1)} KB with brotli (budget ${BUDGET_BYTES / 1024} KB)`,
  );
  if (total > BUDGET_BYTES || forbidden.length) {
    if (forbidden.length) console.error(`admin or dashboard code loaded by /: ${forbidden.join(', ')}`);
    console.error('bundle budget exceeded');
    process.exit(1);
  }
}
