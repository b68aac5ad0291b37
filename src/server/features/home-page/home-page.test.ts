import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { auditLog, donations, historicParticipants } from '../../db/schema';
import type { StatAdmin, Testimonial } from '../../../common/schemas/home-page';

let app: TestApp;
let organiser: { cookie: string };
beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
});
afterAll(() => app.close());

const stories = async () => (await app.inject({ url: '/api/home-page/testimonials' })).json() as Testimonial[];
const tiles = async () => (await app.inject({ url: '/api/home-page/stats' })).json();
const asOrganiser = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: organiser.cookie } });
const auditActions = async (action: string) => app.db.select().from(auditLog).where(eq(auditLog.action, action));
const story = { quote: 'Three days of clues and a lifetime of friends.', author: 'Ann L.', rallyLabel: 'Monaco' };

describe('rallier stories', () => {
  it('start as the stories built into the site, public fields only', async () => {
    const all = await stories();
    expect(all.map((t) => t.author)).toEqual(['Emma V.', 'Tom P.', 'Steve L.', 'Hannah L.', 'Nick M.']);
    expect(all[2]).toEqual({
      id: expect.any(Number),
      quote: 'Nothing beats rolling into Monaco after 1,400 km of puzzles, pastries and wrong turns.',
      author: 'Steve L.',
      rallyLabel: '2018 Monaco',
    });
  });

  it('are added, edited, reordered and removed by organisers, each change audited, and the public list follows', async () => {
    const added = await asOrganiser('POST', '/api/admin/home-page/testimonials', story);
    expect(added.statusCode).toBe(201);
    const { id } = added.json() as Testimonial;
    expect((await stories()).at(-1)).toEqual({ id, ...story });

    const edited = await asOrganiser('PUT', `/api/admin/home-page/testimonials/${id}`, { ...story, author: '  Ann Le Cornu ' });
    expect(edited.json()).toMatchObject({ author: 'Ann Le Cornu' });
    expect((await stories()).at(-1)?.author).toBe('Ann Le Cornu');
    const [update] = await auditActions('testimonial.update');
    expect(update?.details).toMatchObject({ before: { author: 'Ann L.' }, after: { author: 'Ann Le Cornu' } });

    const ids = (await stories()).map((t) => t.id);
    const reversed = [...ids].reverse();
    const reordered = await asOrganiser('PUT', '/api/admin/home-page/testimonial-order', { ids: reversed });
    expect(reordered.statusCode).toBe(200);
    expect((await stories()).map((t) => t.id)).toEqual(reversed);
    expect((await stories())[0]?.author).toBe('Ann Le Cornu');

    expect((await asOrganiser('DELETE', `/api/admin/home-page/testimonials/${id}`)).statusCode).toBe(200);
    expect((await stories()).map((t) => t.id)).not.toContain(id);
    expect((await asOrganiser('DELETE', `/api/admin/home-page/testimonials/${id}`)).statusCode).toBe(404);
    expect(await auditActions('testimonial.create')).toHaveLength(1);
    expect(await auditActions('testimonial.order')).toHaveLength(1);
    expect(await auditActions('testimonial.delete')).toHaveLength(1);
  });

  it('refuse bad input with a clear message and change nothing', async () => {
    const before = await stories();
    const blank = await asOrganiser('POST', '/api/admin/home-page/testimonials', { ...story, quote: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Quote is required');
    const first = before[0]!;
    const noAuthor = await asOrganiser('PUT', `/api/admin/home-page/testimonials/${first.id}`, { ...story, author: '' });
    expect(noAuthor.statusCode).toBe(400);
    expect(noAuthor.json().message).toContain('Author is required');
    const partial = await asOrganiser('PUT', '/api/admin/home-page/testimonial-order', { ids: [first.id] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe('The new order must list every story once');
    expect(await stories()).toEqual(before);
  });

  it('are kept by organisers only', async () => {
    const before = await stories();
    const rallier = await signUp(app);
    const tries = [
      { method: 'POST' as const, url: '/api/admin/home-page/testimonials', payload: story },
      { method: 'PUT' as const, url: `/api/admin/home-page/testimonials/${before[0]!.id}`, payload: story },
      { method: 'DELETE' as const, url: `/api/admin/home-page/testimonials/${before[0]!.id}` },
    ];
    for (const t of tries) {
      expect((await app.inject({ ...t, headers: { cookie: rallier.cookie } })).statusCode).toBe(403);
      expect((await app.inject(t)).statusCode).toBe(401);
    }
    expect(await stories()).toEqual(before);
  });
});

describe('rally in numbers', () => {
  it("shows the spec's figures for the initial data, with the overrides that keep them and the computed figures beside", async () => {
    expect(await tiles()).toEqual({ rallies: '10', ralliers: '234', kilometres: '12,218', funds: '£150K+' });
    const admin = (await asOrganiser('GET', '/api/admin/home-page/stats')).json() as StatAdmin;
    expect(admin).toEqual({
      historicFundsPence: 15_000_000,
      historicFundsThroughYear: expect.any(Number),
      overrides: { rallies: null, ralliers: '234', kilometres: '12,218', funds: null },
      computed: { rallies: '10', ralliers: '0', kilometres: '11,770', funds: '£150K+' },
      shown: { rallies: '10', ralliers: '234', kilometres: '12,218', funds: '£150K+' },
    });
  });

  it('counts distinct ralliers, and funds as the historic figure plus what later seasons raised', async () => {
    await app.db.insert(historicParticipants).values([
      { year: 2017, driverFirstName: 'Ann', driverLastName: 'Le Cornu', coDriverFirstName: 'Bob', coDriverLastName: 'Vibert' },
      { year: 2018, driverFirstName: 'ann ', driverLastName: 'le cornu', coDriverFirstName: 'Cat', coDriverLastName: 'Renouf' },
    ]);
    const team = await insertTeam(app.db);
    const older = await insertTeam(app.db, { rallyYear: 2018 });
    await app.db.insert(donations).values([
      { signupId: team.id, amount: 1_200_000, paymentMethod: 'cash', source: 'organiser', state: 'verified' },
      { signupId: older.id, amount: 99_900_000, paymentMethod: 'cash', source: 'organiser', state: 'verified' },
    ]);
    const admin = (await asOrganiser('GET', '/api/admin/home-page/stats')).json() as StatAdmin;
    // The 2018 team's gift is inside the historic figure already: it is not counted twice.
    expect(admin.computed).toEqual({ rallies: '10', ralliers: '3', kilometres: '11,770', funds: '£160K+' });
    expect(await tiles()).toEqual({ rallies: '10', ralliers: '234', kilometres: '12,218', funds: '£160K+' });
  });

  it('lets organisers override a tile or clear an override, audited, and the home page follows', async () => {
    const saved = await asOrganiser('PUT', '/api/admin/home-page/stats', {
      historicFundsPence: 20_000_000,
      historicFundsThroughYear: 2018,
      overrides: { rallies: '11', ralliers: '', kilometres: ' ', funds: '' },
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as StatAdmin).overrides).toEqual({ rallies: '11', ralliers: null, kilometres: null, funds: null });
    expect(await tiles()).toEqual({ rallies: '11', ralliers: '3', kilometres: '11,770', funds: '£210K+' });
    const [audit] = await auditActions('stats.update');
    expect(audit?.details).toMatchObject({
      before: { ralliersOverride: '234', historicFundsPence: 15_000_000 },
      after: { ralliersOverride: null, ralliesOverride: '11', historicFundsPence: 20_000_000 },
    });
  });

  it('refuses bad input and anyone but an organiser, changing nothing', async () => {
    const before = (await asOrganiser('GET', '/api/admin/home-page/stats')).json();
    const body = {
      historicFundsPence: 100,
      historicFundsThroughYear: 2018,
      overrides: { rallies: '', ralliers: '', kilometres: '', funds: '' },
    };
    const negative = await asOrganiser('PUT', '/api/admin/home-page/stats', { ...body, historicFundsPence: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('cannot be negative');
    const long = await asOrganiser('PUT', '/api/admin/home-page/stats', {
      ...body,
      overrides: { ...body.overrides, funds: 'x'.repeat(21) },
    });
    expect(long.statusCode).toBe(400);
    const rallier = await signUp(app);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/admin/home-page/stats', payload: body, headers: { cookie: rallier.cookie } }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'PUT', url: '/api/admin/home-page/stats', payload: body })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/home-page/stats' })).statusCode).toBe(401);
    expect((await asOrganiser('GET', '/api/admin/home-page/stats')).json()).toEqual(before);
  });
});
