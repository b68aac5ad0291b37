import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/app';

// A build whose manifest says the home page's chunk imports a shared chunk and the vendor chunk
// the HTML already preloads.
const webDir = mkdtempSync(path.join(tmpdir(), 'rally-web-'));
mkdirSync(path.join(webDir, '.vite'), { recursive: true });
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Rally</title><script type="module" crossorigin src="/assets/main-1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/vendor-1.js"></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(webDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/main-1.js', imports: ['_vendor-1.js'] },
    '_vendor-1.js': { file: 'assets/vendor-1.js' },
    '_card-1.js': { file: 'assets/card-1.js', imports: ['_vendor-1.js'] },
    'pages/home-page.tsx': { file: 'assets/home-page-1.js', imports: ['_vendor-1.js', 'index.html', '_card-1.js'] },
    'pages/teams-page.tsx': { file: 'assets/teams-page-1.js', imports: ['_vendor-1.js'] },
  }),
);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ webDir });
});
afterAll(() => app.close());

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe('the home page HTML', () => {
  it('preloads the home page code and the chunks it imports, each once, with the hero image', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual(['/assets/vendor-1.js', '/assets/home-page-1.js', '/assets/card-1.js']);
    expect(res.body).toContain('<link rel="preload" as="image" href="/images/hero.webp"');
  });

  it('is the only page that does: others load only their own code', async () => {
    const res = await app.inject({ url: '/about', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual(['/assets/vendor-1.js']);
  });
});
