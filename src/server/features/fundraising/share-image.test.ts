import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/app';
import { insertTeam } from '../../test/factories';
import { donations } from '../../db/schema';
import { drawShareImage } from './share-image';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { PUBLIC_URL: 'https://rally.example.org' } });
});
afterAll(() => app.close());

const ogImage = (html: string) => /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('team share images', () => {
  it("names the team's own image in its donate page, a 1200x630 PNG that follows the total", async () => {
    const team = await insertTeam(app.db, { teamName: 'Bangers & Mash' });
    const html = (await app.inject(`/donate/${team.id}`)).body;
    const src = ogImage(html)!;
    expect(src).toMatch(new RegExp(`^https://rally\\.example\\.org/og/teams/${team.id}\\.png\\?v=[0-9a-f]{16}$`));
    expect(html.match(/property="og:image"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');

    const first = await app.inject(src.replace('https://rally.example.org', ''));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toContain('immutable');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

    await app.db.insert(donations).values({ signupId: team.id, amount: 25000, paymentMethod: 'cash', source: 'organiser' });
    const moved = ogImage((await app.inject(`/donate/${team.id}`)).body)!;
    expect(moved).not.toBe(src);
    const second = await app.inject(moved.replace('https://rally.example.org', ''));
    expect(second.rawPayload.equals(first.rawPayload)).toBe(false);
    // One kept image per team: the older one is gone.
    const kept = (await readdir(path.join(app.dataDir, 'share-images'))).filter((f) => f.startsWith(`${team.id}-`));
    expect(kept).toEqual([`${team.id}-${new URL(moved).searchParams.get('v')}.png`]);
    // The same inputs give the same bytes, from the kept file.
    expect((await app.inject(moved.replace('https://rally.example.org', ''))).rawPayload.equals(second.rawPayload)).toBe(true);
  });

  it('draws a team name with control characters and emoji cut at any length', async () => {
    const teamName = `Bell\u0007s & <Whistles> \u{1F697}${'\u{1F697}'.repeat(60)}\uFFFF`;
    const png = await drawShareImage({ siteName: 'Rally', teamName, carImageUrl: null, raised: 1000, target: 100000 }, null);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('answers 404 for a team that does not exist, and keeps short caching on an unversioned address', async () => {
    expect((await app.inject('/og/teams/424242.png')).statusCode).toBe(404);
    expect((await app.inject('/og/teams/abc.png')).statusCode).toBe(404);
    const team = await insertTeam(app.db);
    const bare = await app.inject(`/og/teams/${team.id}.png`);
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['cache-control']).toBe('public, max-age=300');
  });

  it('draws the car photo in, and leaves out one that cannot be read', async () => {
    const inputs = {
      siteName: 'Rally',
      teamName: 'A very long team name that will need more than one line to fit',
      carImageUrl: 'x',
      raised: 5000,
      target: 100000,
    };
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#cc0000' } })
      .jpeg()
      .toBuffer();
    const withPhoto = await drawShareImage(inputs, photo);
    const withoutPhoto = await drawShareImage(inputs, Buffer.from('not an image'));
    expect(withPhoto.equals(withoutPhoto)).toBe(false);
    const { width, height } = await sharp(withoutPhoto).metadata();
    expect([width, height]).toEqual([1200, 630]);
  });
});
