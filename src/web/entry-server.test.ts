import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RallySettings } from '@common/schemas/rally-settings';
import type { PastRally } from '@common/schemas/rallies';
import { createTestApp, type TestApp } from '../server/test/app';
import { renderPage } from './entry-server';

// The real app drawn as the server draws it, with the answers of a real server.
let app: TestApp;
let settings: RallySettings;
const publicAnswer = async (url: string) => {
  const res = await app.inject({ url });
  return res.statusCode === 200 && res.headers.etag ? res.json() : undefined;
};
const nothing = async () => undefined;
/** The text of the page's one level-1 heading, whatever its styling. */
const mainHeading = (markup: string) => {
  const headings = [...markup.matchAll(/<h1\b[^>]*>(.*?)<\/h1>/gs)];
  expect(headings).toHaveLength(1);
  return headings[0]![1]!.replace(/<[^>]+>/g, '').trim();
};

beforeAll(async () => {
  app = await createTestApp();
  settings = (await app.inject({ url: '/api/settings' })).json();
});
afterAll(() => app.close());

describe('a page drawn by the server', () => {
  it('shows the rally from the public answers, and carries the answers it was drawn with', async () => {
    const rallies = (await app.inject({ url: '/api/rallies' })).json() as PastRally[];
    const rally = rallies.find((r) => r.year === 2018)!;
    const page = (await renderPage('/rally/2018', settings, publicAnswer))!;
    expect(mainHeading(page.markup)).toBe(rally.title);
    expect(page.markup).toContain(`src="${rally.imageUrl}"`);
    expect(page.data['/api/rallies']).toEqual(rallies);
    // The navigation bar asks who is signed in: not a public answer, so not drawn with it.
    expect(page.data).not.toHaveProperty('/api/auth/user');
  });

  it('shows loading states, never "not found", for answers it does not have', async () => {
    const page = (await renderPage('/rally/2018', settings, nothing))!;
    expect(page.markup).toContain('aria-label="Loading the rally"');
    expect(page.markup).not.toContain('Rally Not Found');
    expect(page.data).toEqual({});
  });

  it('uses the settings it is given', async () => {
    const page = (await renderPage('/signup', { ...settings, routeLabel: 'Jersey to Jericho' }, nothing))!;
    expect(page.markup).toContain('Jersey to Jericho');
  });

  it('is not drawn for pages the browser draws alone', async () => {
    expect(await renderPage('/admin/contacts', settings, publicAnswer)).toBeNull();
    expect(await renderPage('/dashboard', settings, publicAnswer)).toBeNull();
  });
});
