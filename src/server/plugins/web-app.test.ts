import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/app';
import { insertTeam } from '../test/factories';
import { rendererDirFor } from './server-renderer';

// A build with a renderer beside it that draws every page but the admin ones (and fails on one),
// with the answers it asks for: the public teams list and the signed-in user.
const webDir = mkdtempSync(path.join(tmpdir(), 'rally-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Rally</title><script type="module" crossorigin src="/assets/main-1.js"></script></head>' +
    '<body><div id="root"></div></body></html>',
);
mkdirSync(rendererDirFor(webDir));
writeFileSync(
  path.join(rendererDirFor(webDir), 'entry-server.js'),
  `let drawings = 0;
  export async function renderPage(url, settings, publicAnswer) {
    if (url.startsWith('/admin')) return null;
    if (url === '/broken-page') throw new Error('this page cannot be drawn');
    drawings += 1;
    const data = {};
    for (const address of ['/api/signups', '/api/auth/user']) {
      const answer = await publicAnswer(address);
      if (answer !== undefined) data[address] = answer;
    }
    return { markup: '<h1>' + settings.productName + '</h1><p>drawing ' + drawings + '</p>', data };
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
const root = (html: string) => /<div id="root"(?: data-drawn)?>([\s\S]*?)<\/div><\/body>/.exec(html)?.[1];
const pageData = (html: string) => {
  const block = /<script type="application\/json" id="rally-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return block === undefined ? undefined : (JSON.parse(block) as Record<string, unknown>);
};

describe('pages the server draws', () => {
  it('arrive drawn, with the public answers they were drawn with and nothing private', async () => {
    await insertTeam(app.db, { teamName: 'The Drawn Team' });
    app.publicCache.invalidate();
    const html = await page('/');
    // Marked as drawn: its buttons wait for React (styles.css).
    expect(html).toContain('<div id="root" data-drawn><h1>');
    expect(root(html)).toMatch(/^<h1>Jersey Charity Rally<\/h1><p>drawing \d+<\/p>$/);
    const data = pageData(html)!;
    const teams = (await app.inject({ url: '/api/signups' })).json();
    expect(data['/api/signups']).toEqual(teams);
    expect(JSON.stringify(data)).toContain('The Drawn Team');
    // The signed-in user is not the same for everyone: never in a page.
    expect(data).not.toHaveProperty('/api/auth/user');
    // The home page's hero photo is still fetched with the HTML.
    expect(html).toContain('<link rel="preload" as="image" href="/images/hero.webp"');
  });

  it('cannot be broken out of by public data: "<" is escaped in the data block', async () => {
    await insertTeam(app.db, { teamName: '</script><script>alert(1)</script>' });
    app.publicCache.invalidate();
    const html = await page('/teams');
    expect(html).not.toContain('<script>alert(1)');
    expect(JSON.stringify(pageData(html))).toContain('</script><script>alert(1)</script>');
  });

  it('are drawn once while nothing changes, and again when the public data does', async () => {
    const first = root(await page('/leaderboard'));
    expect(root(await page('/leaderboard'))).toBe(first);
    await insertTeam(app.db, { teamName: 'A Later Team' });
    app.publicCache.invalidate();
    const after = await page('/leaderboard');
    expect(root(after)).not.toBe(first);
    expect(JSON.stringify(pageData(after))).toContain('A Later Team');
  });

  it('are drawn once for requests that arrive together', async () => {
    const pages = await Promise.all(Array.from({ length: 5 }, () => page('/about?together')));
    expect(new Set(pages.map(root)).size).toBe(1);
  });

  it('are left to the browser when the server cannot draw them, or does not draw them', async () => {
    for (const url of ['/broken-page', '/admin/contacts']) {
      const html = await page(url);
      expect(html).toContain('<div id="root"></div>');
      expect(pageData(html)).toBeUndefined();
      expect(html).toContain('<script type="application/json" id="rally-settings">');
    }
  });
});
