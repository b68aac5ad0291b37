import { readdirSync } from 'node:fs';
import { firstVisitAssets, gzipSize } from '../scripts/check-bundle';

/** Sizes of what the first visit to `/` loads, and of the largest chunk of the build. */
export function bundleFigures() {
  const first = firstVisitAssets();
  const all = readdirSync(`${process.env.WEB_OUT_DIR ?? 'dist/web'}/assets`).filter((f) => /\.(js|css)$/.test(f)).map((f) => `/assets/${f}`);
  const sizes = all.map((a) => ({ a, gz: gzipSize(a) })).sort((x, y) => y.gz - x.gz);
  return {
    firstVisitGzip: first.reduce((s, a) => s + gzipSize(a), 0),
    largestGzip: sizes[0]?.gz ?? 0,
    largestName: sizes[0]?.a ?? '',
    forbidden: first.filter((a) => /admin|dashboard/i.test(a)),
  };
}
