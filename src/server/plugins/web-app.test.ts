import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/app';
import { insertTeam } from '../test/factories';
import { rendererDirFor } from './server-renderer';
import { signUp } from '../test/auth';

// A build with a server-side renderer beside it that renders every page but the admin ones (and
// fails on one), with the queries it prefetches: the public teams list and the signed-in user.
const webDir = mkdtempSync(path.join(tmpdir(), 'rally-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Rally</title><script type="module" crossorigin src="/assets/main-1.js"></script>' +
    // The app's preloads, as scripts/preload-app.ts writes them.
    '\n    <link rel="modulepreload" crossorigin href="/assets/start-1.js" data-app>\n    <link rel="modulepreload" crossorigin href="/assets/react-1.js" data-app></head>' +
    '<body><div id="root"></div></body></html>',
);
// The rally app's service worker and manifest, as vite-plugin-pwa writes them.
writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(path.join(webDir, 'follower-sw.js'), 'self.addEventListener("push", () => {});');
writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Jersey Rally app"}');
mkdirSync(rendererDirFor(webDir));
writeFileSync(
  path.join(rendererDirFor(webDir), 'entry-server.js'),
  `let renders = 0;
  export async function renderPage(url, settings, fetchPublic) {
    if (url.startsWith('/admin')) return null;
    if (url === '/privacy') throw new Error('this page cannot be rendered');
    renders += 1;
    const queries = [];
    for (const address of ['/api/signups', '/api/auth/user']) {
      const data = await fetchPublic(address);
      if (data !== undefined) queries.push({ queryKey: [address], state: { data } });
    }
    return { html: '<h1>' + settings.productName + '</h1><p>render ' + renders + '</p>', state: { queries } };
  }`,
);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ webDir });
});
afterAll(() => app.close());

const page = async (url: string) => {
  const res = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const root = (html: string) => /<div id="root"(?: data-ssr)?>([\s\S]*?)<\/div><\/body>/.exec(html)?.[1];
/** The dehydrated queries sent with the page, as data by address. */
const pageData = (html: string) => {
  const block = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (block === undefined) return undefined;
  const state = JSON.parse(block) as { queries: { queryKey: [string]; state: { data: unknown } }[] };
  return Object.fromEntries(state.queries.map((q) => [q.queryKey[0], q.state.data]));
};

describe('server-rendered pages', () => {
  it('arrive rendered, with the public queries they were rendered with and nothing private', async () => {
    await insertTeam(app.db, { teamName: 'The Rendered Team' });
    app.publicCache.invalidate();
    const html = await page('/');
    // Marked as server-rendered: its buttons wait for hydration (styles.css).
    expect(html).toContain('<div id="root" data-ssr><h1>');
    expect(root(html)).toMatch(/^<h1>Jersey Charity Rally<\/h1><p>render \d+<\/p>$/);
    const data = pageData(html)!;
    const teams = (await app.inject({ url: '/api/signups' })).json();
    expect(data['/api/signups']).toEqual(teams);
    expect(JSON.stringify(data)).toContain('The Rendered Team');
    // The signed-in user is not the same for everyone: never in a page.
    expect(data).not.toHaveProperty('/api/auth/user');
    // The home page's hero photo is still fetched with the HTML.
    expect(html).toContain('<link rel="preload" as="image" href="/images/hero.webp"');
  });

  it('are painted before the app is fetched: the app is preloaded only where the browser renders the page itself', async () => {
    const rendered = await page('/teams');
    expect(rendered).toContain('<script type="module" crossorigin src="/assets/main-1.js">');
    expect(rendered).not.toContain('modulepreload');
    const inBrowser = await page('/admin/contacts');
    expect(inBrowser).toContain('<link rel="modulepreload" crossorigin href="/assets/start-1.js" data-app>');
    expect(inBrowser).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js" data-app>');
  });

  it('draw the rally app for a signed-in visitor from their own reads, kept for nobody else', async () => {
    const { cookie, email } = await signUp(app);
    const own = await app.inject({ url: '/rally-app', headers: { 'accept-encoding': 'identity', cookie } });
    expect(own.statusCode).toBe(200);
    expect(pageData(own.body)!['/api/auth/user']).toMatchObject({ email });
    // Never kept by a shared cache, and never the answer to another visitor.
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(own.headers.vary).toContain('Cookie');
    const anyone = await page('/rally-app');
    expect(anyone).toContain('<div id="root" data-ssr>');
    expect(anyone).not.toContain(email);
    expect(pageData(anyone)).not.toHaveProperty('/api/auth/user');
    // A second visitor's page is drawn for them, not taken from the first's.
    const other = await signUp(app);
    const theirs = await app.inject({ url: '/rally-app', headers: { 'accept-encoding': 'identity', cookie: other.cookie } });
    expect(pageData(theirs.body)!['/api/auth/user']).toMatchObject({ email: other.email });
    expect(theirs.body).not.toContain(email);
  });

  it('cannot be broken out of by public data: "<" is escaped in the state block', async () => {
    await insertTeam(app.db, { teamName: '</script><script>alert(1)</script>' });
    app.publicCache.invalidate();
    const html = await page('/teams');
    expect(html).not.toContain('<script>alert(1)');
    expect(JSON.stringify(pageData(html))).toContain('</script><script>alert(1)</script>');
  });

  it('are rendered once while nothing changes, and again when the public data does', async () => {
    const first = root(await page('/leaderboard'));
    expect(root(await page('/leaderboard'))).toBe(first);
    await insertTeam(app.db, { teamName: 'A Later Team' });
    app.publicCache.invalidate();
    const after = await page('/leaderboard');
    expect(root(after)).not.toBe(first);
    expect(JSON.stringify(pageData(after))).toContain('A Later Team');
  });

  it('are rendered once for requests that arrive together', async () => {
    const pages = await Promise.all(Array.from({ length: 5 }, () => page('/about?together')));
    expect(new Set(pages.map(root)).size).toBe(1);
  });

  it('are rendered in the browser when server-side rendering fails or is not done for them', async () => {
    for (const url of ['/privacy', '/admin/contacts']) {
      const html = await page(url);
      expect(html).toContain('<div id="root"></div>');
      expect(pageData(html)).toBeUndefined();
      expect(html).toContain('<script type="application/json" id="rally-settings">');
    }
  });
});

describe('the service workers', () => {
  it('is served for the browser to check on every visit, while other files keep their caching', async () => {
    // The rally app's worker and the followers' push-only one.
    for (const url of ['/sw.js', '/follower-sw.js']) {
      const sw = await app.inject({ url });
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['cache-control']).toBe('no-cache');
      expect(sw.headers['content-type']).toMatch(/javascript/);
    }
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('public, max-age=3600');
  });
});
