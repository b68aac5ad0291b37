import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../test/app';
import { signLink } from '../../services/signed-link';

const webDir = mkdtempSync(path.join(tmpdir(), 'rally-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html lang="en-GB"><head><title>Rally</title></head><body><div id="root"></div></body></html>',
);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ webDir });
});
afterAll(() => app.close());

describe('the consent link page', () => {
  it('opens the web app for a signed link, whose token holds a dot, while a missing file is still a 404', async () => {
    const token = signLink(app.signingKey, 'consent', 'someone@example.je');
    expect(token).toContain('.');
    const page = await app.inject({ url: `/consent/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    const missing = await app.inject({ url: '/assets/missing-Ab12.js' });
    expect(missing.statusCode).toBe(404);
  });
});
