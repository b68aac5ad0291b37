import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { changeSettings } from '../../test/settings';
import { donations } from '../../db/schema';
import type { PastRally } from '../../../common/schemas/past-rallies';

let app: TestApp;
let organiser: { cookie: string };
beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
});
afterAll(() => app.close());

const rallyOf = async (year: number) =>
  ((await app.inject({ url: '/api/past-rallies' })).json() as PastRally[]).find((r) => r.year === year);
const addRally = (year: number, fields: { distance: string; duration: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/past-rallies',
    headers: { cookie: organiser.cookie },
    payload: {
      year,
      destination: 'Porto, Portugal',
      title: 'Atlantic Run',
      description: 'Down the coast to Porto.',
      routeId: `y${year}`,
      imageUrl: '/images/hero.webp',
      plateImageUrl: '/images/hero.webp',
      ...fields,
    },
  });

describe("a past rally's page answer", () => {
  it("carries what that year's teams raised, counted as the leaderboard counts it", async () => {
    expect((await addRally(2021, { distance: '1,900 km', duration: '30h' })).statusCode).toBe(201);
    const kept = await insertTeam(app.db, { rallyYear: 2021, status: 'confirmed' });
    const other = await insertTeam(app.db, { rallyYear: 2021, status: 'confirmed' });
    const withdrawn = await insertTeam(app.db, { rallyYear: 2021, status: 'withdrawn' });
    const otherYear = await insertTeam(app.db, { rallyYear: 2022, status: 'confirmed' });
    await app.db.insert(donations).values([
      { signupId: kept.id, amount: 12_000, paymentMethod: 'cash', state: 'verified', source: 'organiser' },
      { signupId: other.id, amount: 3_050, paymentMethod: 'cash', state: 'reported' },
      { signupId: withdrawn.id, amount: 99_900, paymentMethod: 'cash', state: 'verified', source: 'organiser' },
      { signupId: otherYear.id, amount: 77_700, paymentMethod: 'cash', state: 'verified', source: 'organiser' },
    ]);

    const rally = await rallyOf(2021);
    expect(rally).toMatchObject({ distance: '1,900 km', duration: '30h', raisedPence: 15_050 });

    // A season that counts only verified donations publicly counts only those here too.
    await changeSettings(app, organiser.cookie, { publicTotalsVerifiedOnly: true });
    expect((await rallyOf(2021))?.raisedPence).toBe(12_000);
    await changeSettings(app, organiser.cookie, { publicTotalsVerifiedOnly: false });
  });

  it('leaves out what is unknown: no raised figure without donations, blank distance and duration', async () => {
    expect((await addRally(2020, { distance: '', duration: '' })).statusCode).toBe(201);
    await insertTeam(app.db, { rallyYear: 2020, status: 'confirmed' });
    const rally = await rallyOf(2020);
    expect(rally).toMatchObject({ distance: '', duration: '', raisedPence: null });
    // The built-in rallies predate the site's donations.
    expect((await rallyOf(2018))?.raisedPence).toBeNull();
  });

  it('carries no private field', async () => {
    const rally = (await rallyOf(2021))!;
    expect(Object.keys(rally).sort()).toEqual(
      [
        'year',
        'destination',
        'title',
        'description',
        'distance',
        'duration',
        'routeId',
        'imageUrl',
        'plateImageUrl',
        'gallery',
        'raisedPence',
      ].sort(),
    );
    expect(JSON.stringify(rally)).not.toMatch(/@|donor|phone|passport/i);
  });
});

describe("a rally's cover image", () => {
  it('is uploaded by an organiser, re-encoded and served, then saved with the rally', async () => {
    const ticket = (await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie: organiser.cookie } })).json() as {
      uploadURL: string;
      objectId: string;
    };
    const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1f4e86' } })
      .jpeg()
      .toBuffer();
    const put = await app.inject({ method: 'PUT', url: ticket.uploadURL, payload: bytes, headers: { 'content-type': 'image/jpeg' } });
    expect(put.statusCode).toBe(200);
    const asRallier = await app.inject({
      method: 'POST',
      url: '/api/admin/past-rallies/images',
      headers: { cookie: (await signUp(app)).cookie },
      payload: { uploadURL: ticket.objectId },
    });
    expect(asRallier.statusCode).toBe(403);

    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/admin/past-rallies/images',
      headers: { cookie: organiser.cookie },
      payload: { uploadURL: ticket.objectId },
    });
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json() as { url: string };
    expect(url).toMatch(/^\/uploads\/rallies\/covers\/.+\.webp$/);
    expect((await sharp((await app.inject({ url })).rawPayload).metadata()).format).toBe('webp');
    // The same upload is not taken twice.
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/past-rallies/images',
      headers: { cookie: organiser.cookie },
      payload: { uploadURL: ticket.objectId },
    });
    expect(again.statusCode).toBe(400);
  });
});
