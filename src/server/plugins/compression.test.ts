import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../test/app';
import { donations, historicParticipants, signups } from '../db/schema';
import { teamInput } from '../../common/factories';
import { precompressDir } from '../../../scripts/precompress';
import { only } from '../test/rows';

// A small build, precompressed the way `npm run build` does it.
const webDir = mkdtempSync(path.join(tmpdir(), 'rally-web-'));
mkdirSync(path.join(webDir, 'assets'));
const script = `console.log(${JSON.stringify('rally '.repeat(600))});`;
const indexHtml = `<!doctype html><html lang="en-GB"><head><title>Rally</title></head><body><div id="root"></div><noscript>${'Jersey Charity Rally. '.repeat(60)}</noscript></body></html>`;
writeFileSync(path.join(webDir, 'index.html'), indexHtml);
writeFileSync(path.join(webDir, 'assets', 'main-Ab12Cd34.js'), script);
writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\n');
precompressDir(webDir);

let app: TestApp;
let signupId: number;
beforeAll(async () => {
  app = await createTestApp({ webDir });
  const row = only(
    await app.db
      .insert(signups)
      .values({ ...teamInput(), rallyYear: 2026 } as typeof signups.$inferInsert)
      .returning(),
  );
  signupId = row.id;
  await app.db.insert(donations).values({ signupId, amount: 1234, paymentMethod: 'cash' });
  await app.db
    .insert(historicParticipants)
    .values(Array.from({ length: 40 }, (_, i) => ({ year: 2018, rank: i + 1, teamName: `Team number ${i + 1}` })));
});
afterAll(() => app.close());

describe('built assets', () => {
  it('are sent precompressed as brotli or gzip, with Vary, and cached for a year when hashed', async () => {
    const br = await app.inject({ url: '/assets/main-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ url: '/assets/main-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/main-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('that are not hashed are not cached as immutable', async () => {
    const res = await app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the HTML', () => {
  it('is compressed, and never cached as immutable', async () => {
    for (const url of ['/', '/rally/2018', '/teams']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
    }
  });
});

describe('the home page', () => {
  it('preloads its hero image, which other pages do not load', async () => {
    expect((await app.inject('/')).body).toContain('<link rel="preload" as="image" href="/images/hero.webp" fetchpriority="high" />');
    expect((await app.inject('/teams')).body).not.toContain('hero.webp');
  });
});

describe('JSON answers', () => {
  it('are compressed on the fly above 1 KB and left alone below', async () => {
    const big = await app.inject({ url: '/api/participants/2018', headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString())).toHaveLength(40);

    const small = await app.inject({ url: '/api/leaderboard', headers: { 'accept-encoding': 'gzip' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()[0].donationTotal).toBe(1234);
  });

  it('that are public carry an ETag and answer 304 while unchanged', async () => {
    for (const url of [
      '/api/leaderboard',
      '/api/signups',
      '/api/participants',
      '/api/participants/2018',
      `/api/public/signup/${signupId}`,
    ]) {
      const first = await app.inject(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('answer 200 with a new ETag once the data changed', async () => {
    const first = await app.inject('/api/leaderboard');
    await app.db.insert(donations).values({ signupId, amount: 500, paymentMethod: 'cash' });
    // The change reaches the cache by the trigger's NOTIFY (at once on PGlite, milliseconds on PostgreSQL).
    const ask = () => app.inject({ url: '/api/leaderboard', headers: { 'if-none-match': first.headers.etag as string } });
    await expect.poll(async () => (await ask()).statusCode, { timeout: 5000, interval: 20 }).toBe(200);
    const after = await ask();
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.json()[0].donationTotal).toBe(1734);
  });
});
