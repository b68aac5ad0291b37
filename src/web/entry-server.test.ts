import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RallySettings } from '@common/schemas/rally-settings';
import type { PastRally } from '@common/schemas/past-rallies';
import { createTestApp, type TestApp } from '../server/test/app';
import { insertTeam } from '../server/test/factories';
import { teamDriver } from '../server/test/clues';
import { JSDOM } from 'jsdom';
import { renderPage, type SsrPage } from './entry-server';
import { deferredSectionElementId, rallyAppSections } from './pages/rally-app/rally-app-sections';

// The real app rendered as the server renders it, with the answers of a real server.
let app: TestApp;
let settings: RallySettings;
const fetchPublic = async (url: string) => {
  const res = await app.inject({ url });
  return res.statusCode === 200 && res.headers.etag ? res.json() : undefined;
};
const nothing = async () => undefined;
/** The dehydrated queries' data by address. */
const dataOf = (page: SsrPage) => Object.fromEntries(page.state.queries.map((q) => [q.queryKey[0], q.state.data]));
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

describe('a server-rendered page', () => {
  it('shows the rally from the queries its route prefetches, and carries them dehydrated', async () => {
    const rallies = (await app.inject({ url: '/api/past-rallies' })).json() as PastRally[];
    const rally = rallies.find((r) => r.year === 2018)!;
    const page = (await renderPage('/rally/2018', settings, fetchPublic))!;
    expect(mainHeading(page.html)).toBe(rally.title);
    expect(page.html).toContain(`src="${rally.imageUrl}"`);
    expect(dataOf(page)['/api/past-rallies']).toEqual(rallies);
    // The navigation bar asks who is signed in: not public, so not rendered with it nor sent.
    expect(dataOf(page)).not.toHaveProperty('/api/auth/user');
  });

  it("sends every page's navigation bar only the rallies' years and destinations, not the whole list", async () => {
    const rallies = (await app.inject({ url: '/api/past-rallies' })).json() as PastRally[];
    const page = (await renderPage('/signup', settings, fetchPublic))!;
    expect(dataOf(page)['/api/past-rallies/menu']).toEqual(
      rallies.map(({ year, destination }) => ({ year, destination })).sort((a, b) => b.year - a.year),
    );
    expect(dataOf(page)).not.toHaveProperty('/api/past-rallies');
    expect(page.html).toContain(`href="/rally/${rallies[0]!.year}"`);
  });

  it("prefetches the queries a route's parameters name", async () => {
    const team = await insertTeam(app.db, { teamName: 'The Prefetched Team' });
    const page = (await renderPage(`/donate/${team.id}`, settings, fetchPublic))!;
    expect(mainHeading(page.html)).toBe('The Prefetched Team');
    expect(dataOf(page)[`/api/fundraising/teams/${team.id}`]).toMatchObject({ teamName: 'The Prefetched Team' });
  });

  it('shows loading states, never "not found", for queries it could not prefetch', async () => {
    const page = (await renderPage('/rally/2018', settings, nothing))!;
    expect(page.html).toContain('aria-label="Loading the rally"');
    expect(page.html).not.toContain('Rally Not Found');
    expect(page.state.queries).toEqual([]);
  });

  it('uses the settings it is given', async () => {
    const page = (await renderPage('/signup', { ...settings, routeLabel: 'Jersey to Jericho' }, nothing))!;
    expect(page.html).toContain('Jersey to Jericho');
  });

  it('draws the not-found page for an address without a page', async () => {
    const page = (await renderPage('/no-such-page', settings, fetchPublic))!;
    expect(mainHeading(page.html)).toBe('404 Page Not Found');
  });

  it("leads the home page's first screen to /live on a rally day, and the menu offers no Sign Up", async () => {
    const secondDay = new Date(`${settings.rallyStart}T12:00:00Z`);
    secondDay.setUTCDate(secondDay.getUTCDate() + 1);
    const page = (await renderPage('/', settings, fetchPublic, secondDay.toISOString()))!;
    const hero = /<section id="home"[\s\S]*?<\/section>/.exec(page.html)![0];
    expect(hero).toMatch(/<a [^>]*href="\/live"[^>]*>.*Follow the Rally Live<\/a>/s);
    expect(hero).toContain('rally is on the road: day 2 of 4.');
    expect(page.html).not.toContain(`Sign Up ${settings.year}`);
    expect(page.html).not.toContain('Register Now');
  });

  it("draws the rally app from a signed-in team's own reads, its shown-only sections to hydrate when seen, and loading for anyone else", async () => {
    const { cookie } = await teamDriver(app, 'The Drawn Team');
    const fetchOwn = async (url: string) => {
      const res = await app.inject({ url, headers: { cookie } });
      return res.statusCode === 200 ? res.json() : undefined;
    };
    const page = (await renderPage('/rally-app', settings, fetchOwn))!;
    expect(mainHeading(page.html)).toBe('The Drawn Team');
    expect(dataOf(page)['/api/my-clues']).toMatchObject({ team: { teamName: 'The Drawn Team' } });
    // Until React has hydrated the page, what is typed or chosen would be lost: the fields wait.
    expect(page.html).toMatch(/<fieldset disabled=""/);
    // The sections hydrated only when seen are drawn, and none holds a field: a field there would
    // stay disabled until the team scrolled to it.
    const drawn = new JSDOM(page.html).window.document;
    const deferred = rallyAppSections.filter((s) => s.belowFirstScreen).map((s) => drawn.getElementById(deferredSectionElementId(s.id)));
    expect(deferred.length).toBeGreaterThan(0);
    for (const section of deferred) {
      expect(section?.textContent).not.toBe('');
      expect(section!.querySelectorAll('input, textarea, select, fieldset')).toHaveLength(0);
    }
    const anyone = (await renderPage('/rally-app', settings, fetchPublic))!;
    expect(anyone.html).toContain('aria-label="Loading the rally app"');
    expect(anyone.html).not.toContain('The Drawn Team');
    expect(anyone.state.queries.map((q) => q.queryKey[0])).not.toContain('/api/my-clues');
  });

  it('is not rendered for pages rendered in the browser only', async () => {
    expect(await renderPage('/admin/contacts', settings, fetchPublic)).toBeNull();
    expect(await renderPage('/dashboard', settings, fetchPublic)).toBeNull();
    expect(await renderPage('/donate/thank-you', settings, fetchPublic)).toBeNull();
  });
});
