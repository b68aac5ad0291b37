import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog } from '../../db/schema';
import { routeIdOf } from '../../../common/schemas/routes';
import type { PastRally } from '../../../common/schemas/past-rallies';

let app: TestApp;
let organiser: { cookie: string };
beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
});
afterAll(() => app.close());

const rallies = async () => (await app.inject({ url: '/api/past-rallies' })).json() as PastRally[];
const rallyOf = async (year: number) => (await rallies()).find((r) => r.year === year);
const asOrganiser = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: organiser.cookie } });
const auditActions = async (action: string) => app.db.select().from(auditLog).where(eq(auditLog.action, action));

const newRally = {
  year: 2019,
  destination: 'Bordeaux, France',
  title: 'Vineyards and Dunes',
  description: 'Down the Atlantic coast to the vineyards of Bordeaux.',
  distance: '900 km',
  duration: '12h',
  routeId: '',
  imageUrl: '/images/rallies/2018/main.webp',
  plateImageUrl: '/images/rallies/2018/plate.webp',
};

/** A photo uploaded the way the browser does it: an upload URL, the bytes, then added to the gallery. */
async function addPhoto(year: number, caption: string) {
  const ticket = (await asOrganiser('POST', '/api/objects/upload')).json() as { uploadURL: string; objectId: string };
  const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  const put = await app.inject({ method: 'PUT', url: ticket.uploadURL, payload: bytes, headers: { 'content-type': 'image/jpeg' } });
  expect(put.statusCode).toBe(200);
  return asOrganiser('POST', `/api/admin/past-rallies/${year}/photos`, { uploadURL: ticket.objectId, caption });
}

describe('past rallies', () => {
  it('start as the rallies built into the site, each with its route, for anyone to read', async () => {
    const all = await rallies();
    expect(all.map((r) => r.year)).toEqual([2008, 2009, 2010, 2011, 2012, 2013, 2015, 2016, 2017, 2018]);
    const last = all.at(-1)!;
    expect(last).toMatchObject({ destination: 'Monaco', title: 'Return to Monaco', imageUrl: '/images/rallies/2018/main.webp' });
    expect(last.gallery).toHaveLength(44);
    expect(last.gallery[0]).toMatchObject({ url: '/images/rallies/2018/gallery-01.webp', caption: 'Monaco 2018, photo 1' });
    for (const r of all) expect(r.routeId).toBe(routeIdOf(r.year));
  });

  it('are added, edited and removed by organisers, each change audited, and the public list follows', async () => {
    const added = await asOrganiser('POST', '/api/admin/past-rallies', newRally);
    expect(added.statusCode).toBe(201);
    expect(await rallyOf(2019)).toMatchObject({ title: 'Vineyards and Dunes', gallery: [] });
    expect((await asOrganiser('POST', '/api/admin/past-rallies', newRally)).statusCode).toBe(409);

    const edited = await asOrganiser('PUT', '/api/admin/past-rallies/2019', { ...newRally, year: undefined, title: 'Dunes and Vineyards' });
    expect(edited.statusCode).toBe(200);
    expect((await rallyOf(2019))?.title).toBe('Dunes and Vineyards');
    const [update] = await auditActions('rally.update');
    expect(update?.details).toMatchObject({ before: { title: 'Vineyards and Dunes' }, after: { title: 'Dunes and Vineyards' } });

    expect((await asOrganiser('DELETE', '/api/admin/past-rallies/2019')).statusCode).toBe(200);
    expect(await rallyOf(2019)).toBeUndefined();
    expect(await auditActions('rally.create')).toHaveLength(1);
    expect(await auditActions('rally.delete')).toHaveLength(1);
  });

  it('refuse bad input with a clear message and change nothing', async () => {
    const blank = await asOrganiser('POST', '/api/admin/past-rallies', { ...newRally, year: 2020, title: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Title is required');
    const script = await asOrganiser('POST', '/api/admin/past-rallies', { ...newRally, year: 2020, imageUrl: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(400);
    const current = await asOrganiser('POST', '/api/admin/past-rallies', { ...newRally, year: (await app.rallySettings()).year });
    expect(current.statusCode).toBe(400);
    expect(await rallyOf(2020)).toBeUndefined();
    expect((await asOrganiser('PUT', '/api/admin/past-rallies/2014', newRally)).statusCode).toBe(404);
  });

  it('are kept by organisers only', async () => {
    const rallier = await signUp(app);
    const tries = [
      { method: 'POST' as const, url: '/api/admin/past-rallies', payload: { ...newRally, year: 2021 } },
      { method: 'DELETE' as const, url: '/api/admin/past-rallies/2008' },
    ];
    for (const t of tries) {
      expect((await app.inject({ ...t, headers: { cookie: rallier.cookie } })).statusCode).toBe(403);
      expect((await app.inject(t)).statusCode).toBe(401);
    }
    expect(await rallyOf(2008)).toBeDefined();
    expect(await rallyOf(2021)).toBeUndefined();
  });
});

describe('a rally gallery', () => {
  it('takes several uploaded photos with captions, re-encoded with thumbnails, shown in order', async () => {
    for (const caption of ['The start', 'Lunch stop', 'The finish']) expect((await addPhoto(2008, caption)).statusCode).toBe(201);
    const gallery = (await rallyOf(2008))!.gallery;
    expect(gallery.map((p) => p.caption)).toEqual(['The start', 'Lunch stop', 'The finish']);
    for (const photo of gallery) {
      expect(photo.url).toMatch(/^\/uploads\/rallies\/2008\/.+\.webp$/);
      expect(photo.thumbUrl).toMatch(/-thumb\.webp$/);
      const served = await app.inject({ url: photo.url });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('lets organisers change a caption, reorder and delete photos', async () => {
    const [a, b, c] = (await rallyOf(2008))!.gallery;
    const captioned = await asOrganiser('PATCH', `/api/admin/past-rallies/2008/photos/${b!.id}`, { caption: 'Lunch at Le Mans' });
    expect(captioned.json()).toMatchObject({ caption: 'Lunch at Le Mans' });

    const reordered = await asOrganiser('PUT', '/api/admin/past-rallies/2008/photo-order', { ids: [c!.id, a!.id, b!.id] });
    expect(reordered.statusCode).toBe(200);
    expect((await rallyOf(2008))!.gallery.map((p) => p.caption)).toEqual(['The finish', 'The start', 'Lunch at Le Mans']);
    const partial = await asOrganiser('PUT', '/api/admin/past-rallies/2008/photo-order', { ids: [a!.id] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe('The new order must list every photo of this gallery once');

    expect((await asOrganiser('DELETE', `/api/admin/past-rallies/2008/photos/${c!.id}`)).statusCode).toBe(200);
    expect((await rallyOf(2008))!.gallery.map((p) => p.caption)).toEqual(['The start', 'Lunch at Le Mans']);
    // A photo is reached only through its own rally.
    expect((await asOrganiser('DELETE', `/api/admin/past-rallies/2009/photos/${a!.id}`)).statusCode).toBe(404);
    expect(await auditActions('rally.photo_delete')).toHaveLength(1);
  });

  it('refuses a file that is not an image, and an upload that is not of this site', async () => {
    const ticket = (await asOrganiser('POST', '/api/objects/upload')).json() as { uploadURL: string; objectId: string };
    const put = await app.inject({ method: 'PUT', url: ticket.uploadURL, payload: '<svg/>', headers: { 'content-type': 'image/svg+xml' } });
    expect(put.statusCode).toBe(415);
    const stranger = await asOrganiser('POST', '/api/admin/past-rallies/2008/photos', {
      uploadURL: 'https://evil.example/x.jpg',
      caption: '',
    });
    expect(stranger.statusCode).toBe(400);
    expect((await rallyOf(2008))!.gallery).toHaveLength(2);
  });
});
