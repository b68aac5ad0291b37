import { readdirSync } from 'node:fs';
import { firstVisitAssets, sentSize } from '../scripts/check-bundle';

/** Bytes sent (precompressed files) for the first visit to `/`, and the largest chunk of the build. */
export function bundleFigures() {
  const first = firstVisitAssets();
  const all = readdirSync(`${process.env.WEB_OUT_DIR ?? 'dist/web'}/assets`)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => `/assets/${f}`);
  const sizes = all.map((a) => ({ a, gz: sentSize(a) })).sort((x, y) => y.gz - x.gz);
  return {
    firstVisitGzip: first.reduce((s, a) => s + sentSize(a), 0),
    firstVisitBrotli: first.reduce((s, a) => s + sentSize(a, 'br'), 0),
    largestGzip: sizes[0]?.gz ?? 0,
    largestName: sizes[0]?.a ?? '',
    forbidden: first.filter((a) => /admin|dashboard/i.test(a)),
  };
}
