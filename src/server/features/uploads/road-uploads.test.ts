import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { setRallyClock } from '../../test/rally-clock';
import { uploadObjects } from '../../db/schema';
import { MAX_UPLOADS_PER_TEAM, UPLOADS_PER_TRIP_DAY } from '../../services/storage';
import { DAY_QUOTA_REACHED, TEAM_QUOTA_REACHED } from '../../services/upload-records';

/** Uploads on the road: a per-day quota that fits a treasure hunt, and updates' photos that can be taken down. */
let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = (await signUpAdmin(app)).cookie;
});
afterAll(() => app.close());

/** As if the account had been given `n` upload URLs, `hoursAgo` ago. */
const given = (userId: string, n: number, hoursAgo = 0) =>
  app.db.insert(uploadObjects).values(
    Array.from({ length: n }, () => ({
      objectId: randomUUID(),
      sessionKey: randomUUID(),
      ownerKey: `upload:user:${userId}`,
      issuedAt: new Date(Date.now() - hoursAgo * 3_600_000),
    })),
  );
const ask = (cookie: string) => app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie } });

async function uploadPhoto(cookie: string): Promise<string> {
  const ticket = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
  expect(ticket.statusCode, ticket.body).toBe(200);
  const url: string = ticket.json().uploadURL;
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1f4e86' } })
    .png()
    .toBuffer();
  expect((await app.inject({ method: 'PUT', url, payload: png, headers: { 'content-type': 'image/png' } })).statusCode).toBe(200);
  return url;
}

describe('uploads on the road', () => {
  it('during the trip an account past the lifetime total still uploads, up to its day’s quota; yesterday’s do not count', async () => {
    const { user, cookie } = await teamDriver(app);
    await given(user.id, UPLOADS_PER_TRIP_DAY, 30); // the day before
    await given(user.id, MAX_UPLOADS_PER_TEAM + 5);
    expect((await ask(cookie)).statusCode).toBe(200);
    await given(user.id, UPLOADS_PER_TRIP_DAY - MAX_UPLOADS_PER_TEAM - 6);
    const full = await ask(cookie);
    expect(full.statusCode).toBe(403);
    expect(full.json().message).toBe(DAY_QUOTA_REACHED);
  });

  it('outside the trip the lifetime total applies, as before', async () => {
    const { user, cookie } = await teamDriver(app);
    await given(user.id, MAX_UPLOADS_PER_TEAM);
    setRallyClock(app, '2026-06-01T12:00:00Z');
    try {
      const res = await ask(cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TEAM_QUOTA_REACHED);
    } finally {
      setRallyClock(app, RALLY_DAY_CLOCK);
    }
  });
});

describe("an update's photo", () => {
  it('is served with a short cache, and not at all once the update is hidden; shown again, it is back', async () => {
    const { cookie } = await teamDriver(app);
    const posted = await post(app, cookie, '/api/my-rally-app/updates', {
      clientId: randomUUID(),
      body: 'Lighthouse!',
      photoUploadUrl: await uploadPhoto(cookie),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const { id, photoUrl } = posted.json() as { id: number; photoUrl: string };
    const thumb = photoUrl.replace(/\.webp$/, '-thumb.webp');
    const served = await app.inject({ url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect((await app.inject({ url: thumb })).statusCode).toBe(200);

    expect((await post(app, admin, `/api/admin/team-updates/${id}/hide`, { reason: 'A number plate shows' })).statusCode).toBe(200);
    expect((await app.inject({ url: photoUrl })).statusCode).toBe(404);
    expect((await app.inject({ url: thumb })).statusCode).toBe(404);

    expect((await app.inject({ method: 'POST', url: `/api/admin/team-updates/${id}/unhide`, headers: { cookie: admin } })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: photoUrl })).statusCode).toBe(200);
  });
});
