import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/app';
import { sessionCookie, signUp, signUpAdmin } from '../../test/auth';
import { rateLimits, signups, uploadObjects } from '../../db/schema';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  MAX_PENDING_UPLOADS,
  MAX_UPLOADS_PER_SESSION,
  MAX_UPLOADS_PER_TEAM,
  MAX_UPLOAD_BYTES,
  UPLOAD_URL_TTL_SECONDS,
} from '../../services/storage';
import { teamInput } from '../../../common/factories';
import { uploadTicketSchema } from '../../../common/schemas/uploads';
import { first, only } from '../../test/rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const png = (w = 2400, h = 1200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#1f4e86' } })
    .png()
    .toBuffer();

async function rallier() {
  const { user, cookie } = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/signups',
    payload: teamInput({ driverEmail: user.email }),
    headers: { cookie },
  });
  return { cookie, signupId: res.json().id as number };
}

async function uploadUrl(cookie: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().uploadURL;
}

const askForUpload = (cookie: string) => app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });

/** A new session for the same account, as signing in again from another browser gives. */
async function signInAgain(email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

const putFile = (url: string, body: Buffer | string, contentType = 'image/jpeg') =>
  app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } });

const attach = (cookie: string, carImageURL: string, signupId: number) =>
  app.inject({ method: 'PUT', url: '/api/car-images', headers: { cookie }, payload: { carImageURL, signupId } });

describe('car image upload', () => {
  it('uploads, re-encodes to WebP with a thumbnail, attaches and serves the image', async () => {
    const { cookie, signupId } = await rallier();
    const ticket = (await askForUpload(cookie)).json();
    // Disk storage: a PUT of the raw bytes to our own signed link, with no form fields.
    expect(uploadTicketSchema.parse(ticket)).toEqual({ uploadURL: ticket.uploadURL, method: 'PUT', objectId: ticket.objectId });
    const url: string = ticket.uploadURL;
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    expect(url.startsWith(`/api/uploads/${ticket.objectId}?`)).toBe(true);
    expect((await putFile(url, await png(), 'image/png')).statusCode).toBe(200);

    const res = await attach(cookie, url, signupId);
    expect(res.statusCode).toBe(200);
    const imageUrl: string = res.json().objectPath;
    expect(imageUrl).toMatch(/^\/uploads\/car-images\/[0-9a-f-]{36}\.webp$/);
    const row = only(await app.db.select().from(signups).where(eq(signups.id, signupId)));
    expect(row.carImageUrl).toBe(imageUrl);

    const served = await app.inject(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
    const thumb = await sharp((await app.inject(imageUrl.replace('.webp', '-thumb.webp'))).rawPayload).metadata();
    expect(thumb.width).toBe(480);

    // The incoming object is consumed: the same upload cannot be attached twice.
    expect((await attach(cookie, url, signupId)).statusCode).toBe(400);
  });

  it('attaches an upload named by its bare object id, as the browser sends it', async () => {
    const { cookie, signupId } = await rallier();
    const { uploadURL, objectId } = (await askForUpload(cookie)).json();
    expect((await putFile(uploadURL, await png(40, 40), 'image/png')).statusCode).toBe(200);
    const res = await attach(cookie, objectId, signupId);
    expect(res.statusCode).toBe(200);
    expect(res.json().carImageUrl).toBe(`/uploads/car-images/${objectId}.webp`);
  });

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte', async () => {
    const { cookie } = await rallier();
    const header = await png(10, 10);
    const exact = Buffer.concat([header, Buffer.alloc(MAX_UPLOAD_BYTES - header.length)]);
    expect((await putFile(await uploadUrl(cookie), exact, 'image/png')).statusCode).toBe(200);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const res = await putFile(await uploadUrl(cookie), over, 'image/png');
    expect(res.statusCode).toBe(413);
  });

  it('judges the type by the bytes: a renamed text file, HTML and SVG are refused', async () => {
    const { cookie } = await rallier();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    // A refused file does not use up the link, so one link serves every attempt.
    const url = await uploadUrl(cookie);
    for (const [body, type] of [
      ['just some text pretending to be a photo', 'image/jpeg'],
      ['<!doctype html><h1>hi</h1>', 'image/png'],
      [svg, 'image/svg+xml'],
      [svg, 'image/jpeg'],
    ] as const) {
      const res = await putFile(url, body, type);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/Only image files/);
    }
  });

  it('refuses an upload URL that is tampered with or expired', async () => {
    const { cookie } = await rallier();
    const url = await uploadUrl(cookie);
    const file = await png(20, 20);
    // Change the signature's first character to another one (the same one would still be valid).
    expect(
      (
        await putFile(
          url.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'x' ? 'y' : 'x'}`),
          file,
        )
      ).statusCode,
    ).toBe(403);
    expect((await putFile(url.replace(/expires=\d+/, 'expires=1000'), file)).statusCode).toBe(403);
    const otherId = url.replace(/uploads\/[0-9a-f]/, (m) => m.slice(0, -1) + (m.endsWith('0') ? '1' : '0'));
    expect((await putFile(otherId, file)).statusCode).toBe(403);
  });

  it('gives upload URLs only to signed-in users or a browser that has just registered', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/objects/upload' })).statusCode).toBe(401);
    const reg = await app.inject({ method: 'POST', url: '/api/signups', payload: teamInput() });
    const cookie = sessionCookie(reg);
    const url = await uploadUrl(cookie);
    await putFile(url, await png(40, 40), 'image/png');
    expect((await attach(cookie, url, reg.json().id)).statusCode).toBe(200);
  });

  it("ends the registering browser's right to the car image once the verified driver claims the team", async () => {
    const driverEmail = `claimed-${Date.now()}@example.test`;
    const reg = await app.inject({ method: 'POST', url: '/api/signups', payload: teamInput({ driverEmail }) });
    const registrar = sessionCookie(reg);
    const signupId: number = reg.json().id;
    // Asked for before the claim, as a browser left open would have.
    const lateUrl = await uploadUrl(registrar);
    await putFile(lateUrl, await png(40, 40), 'image/png');

    const owner = await signUp(app, { email: driverEmail });
    const claimed = only(await app.db.select().from(signups).where(eq(signups.id, signupId)));
    expect(claimed.userId).toBe(owner.user.id);
    const ownUrl = await uploadUrl(owner.cookie);
    await putFile(ownUrl, await png(40, 40), 'image/png');
    const ownImage: string = (await attach(owner.cookie, ownUrl, signupId)).json().carImageUrl;

    expect((await attach(registrar, lateUrl, signupId)).statusCode).toBe(404);
    const after = only(await app.db.select().from(signups).where(eq(signups.id, signupId)));
    expect(after.carImageUrl).toBe(ownImage);
    expect((await app.inject(ownImage)).statusCode).toBe(200);
  });

  it("lets only the signup's owner or an admin attach an image", async () => {
    const owner = await rallier();
    const stranger = await rallier();
    const url = await uploadUrl(stranger.cookie);
    await putFile(url, await png(40, 40), 'image/png');
    expect((await attach(stranger.cookie, url, owner.signupId)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/car-images', payload: { carImageURL: url, signupId: owner.signupId } })).statusCode,
    ).toBe(401);
    const before = only(await app.db.select().from(signups).where(eq(signups.id, owner.signupId)));
    expect(before.carImageUrl).toBeNull();

    const { cookie: adminCookie } = await signUpAdmin(app);
    expect((await attach(adminCookie, url, owner.signupId)).statusCode).toBe(200);
    const after = only(await app.db.select().from(signups).where(eq(signups.id, owner.signupId)));
    expect(after.carImageUrl).toMatch(/^\/uploads\/car-images\//);
  });

  it('refuses a URL that is not one of our uploads', async () => {
    const { cookie, signupId } = await rallier();
    expect((await attach(cookie, 'https://evil.example/x.png', signupId)).statusCode).toBe(400);
    expect((await attach(cookie, '/api/uploads/00000000-0000-4000-8000-000000000000', signupId)).statusCode).toBe(400);
  });
});

describe('upload bounds', () => {
  it('a signed URL works once', async () => {
    const { cookie } = await rallier();
    const url = await uploadUrl(cookie);
    expect((await putFile(url, await png(40, 20), 'image/png')).statusCode).toBe(200);
    const again = await putFile(url, await png(40, 20), 'image/png');
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This upload link has already been used');
  });

  it('checks the signature before reading the body: a bad link is refused even with an oversize body', async () => {
    const { cookie } = await rallier();
    const url = await uploadUrl(cookie);
    const forged = url.replace(/signature=[^&]+/, 'signature=forged');
    const res = await putFile(forged, Buffer.alloc(MAX_UPLOAD_BYTES + 1));
    expect(res.statusCode).toBe(403);
  });

  it('cuts off a body over the limit', async () => {
    const { cookie } = await rallier();
    const res = await putFile(await uploadUrl(cookie), Buffer.alloc(MAX_UPLOAD_BYTES + 1));
    expect(res.statusCode).toBe(413);
  });

  it(`gives one session at most ${MAX_PENDING_UPLOADS} outstanding upload URLs, and frees one when it is attached`, async () => {
    const { cookie, signupId } = await rallier();
    const urls: string[] = [];
    for (let i = 0; i < MAX_PENDING_UPLOADS; i++) urls.push(await uploadUrl(cookie));
    const refused = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
    expect(refused.statusCode).toBe(429);
    expect((await putFile(first(urls), await png(40, 20), 'image/png')).statusCode).toBe(200);
    expect((await attach(cookie, first(urls), signupId)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } })).statusCode).toBe(200);
  });

  it(`gives one account at most ${MAX_PENDING_UPLOADS} upload URLs per link lifetime across its sessions: signing in again is a 429`, async () => {
    const { user, password, cookie } = await signUp(app);
    for (let i = 0; i < MAX_PENDING_UPLOADS; i++) expect((await askForUpload(cookie)).statusCode).toBe(200);
    // A fresh session has no pending uploads of its own, so only the account's counter refuses it.
    const fresh = await signInAgain(user.email, password);
    const refused = await askForUpload(fresh);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many uploads/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(UPLOAD_URL_TTL_SECONDS);
    expect((await askForUpload(await signInAgain(user.email, password))).statusCode).toBe(429);
  });

  it("counts the upload URLs of a browser that registered a team while signed out on that team's counter", async () => {
    const reg = await app.inject({ method: 'POST', url: '/api/signups', payload: teamInput() });
    const cookie = sessionCookie(reg);
    for (let i = 0; i < MAX_PENDING_UPLOADS; i++) expect((await askForUpload(cookie)).statusCode).toBe(200);
    const row = only(
      await app.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `upload:signup:${reg.json().id}`)),
    );
    expect(row.count).toBe(MAX_PENDING_UPLOADS);
  });

  it('attaching an upload gives the account a place back, for any of its sessions', async () => {
    const { user, password, cookie } = await signUp(app);
    const reg = await app.inject({
      method: 'POST',
      url: '/api/signups',
      payload: teamInput({ driverEmail: user.email }),
      headers: { cookie },
    });
    const signupId: number = reg.json().id;
    const urls: string[] = [];
    for (let i = 0; i < MAX_PENDING_UPLOADS; i++) urls.push(await uploadUrl(cookie));
    const other = await signInAgain(user.email, password);
    expect((await askForUpload(other)).statusCode).toBe(429);
    // A refused request is not an upload URL: it takes no place that attaching would have to give back.
    expect((await askForUpload(other)).statusCode).toBe(429);

    expect((await putFile(first(urls), await png(40, 20), 'image/png')).statusCode).toBe(200);
    expect((await attach(cookie, first(urls), signupId)).statusCode).toBe(200);
    expect((await askForUpload(other)).statusCode).toBe(200);
    expect((await askForUpload(other)).statusCode).toBe(429);
  });
});

describe('single-use uploads, replaced images and the upload quota', () => {
  const stored = (...parts: string[]) => path.join(app.dataDir, 'uploads', ...parts);
  const incoming = () => readdirSync(stored('incoming')).sort();
  const issued = async () => (await app.db.select().from(uploadObjects)).length;

  /** Asks for an upload URL, sends a small photo to it and attaches it to the team. */
  async function uploadAndAttach(cookie: string, signupId: number): Promise<string> {
    const url = await uploadUrl(cookie);
    expect((await putFile(url, await png(40, 20), 'image/png')).statusCode).toBe(200);
    const res = await attach(cookie, url, signupId);
    expect(res.statusCode).toBe(200);
    return res.json().carImageUrl;
  }

  it('a signed URL PUT a second time is refused, also after its image was attached to a team', async () => {
    const { cookie, signupId } = await rallier();
    const { uploadURL, objectId } = (await askForUpload(cookie)).json();
    expect((await putFile(uploadURL, await png(40, 20), 'image/png')).statusCode).toBe(200);
    expect((await attach(cookie, uploadURL, signupId)).statusCode).toBe(200);
    expect(existsSync(stored('incoming', objectId))).toBe(false);

    const again = await putFile(uploadURL, await png(40, 20), 'image/png');
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This upload link has already been used');
    expect(existsSync(stored('incoming', objectId))).toBe(false);
    const reattach = await attach(cookie, uploadURL, signupId);
    expect(reattach.statusCode).toBe(400);
    expect(reattach.json().message).toBe('This upload has already been used');
  });

  it("replacing a team's car image deletes the old image and its thumbnail from storage", async () => {
    const { cookie, signupId } = await rallier();
    const old = await uploadAndAttach(cookie, signupId);
    const oldFile = stored('public', old.slice('/uploads/'.length));
    expect(existsSync(oldFile)).toBe(true);
    const current = await uploadAndAttach(cookie, signupId);

    expect(only(await app.db.select().from(signups).where(eq(signups.id, signupId))).carImageUrl).toBe(current);
    expect(existsSync(oldFile)).toBe(false);
    expect(existsSync(oldFile.replace('.webp', '-thumb.webp'))).toBe(false);
    expect((await app.inject(old)).statusCode).toBe(404);
    expect((await app.inject(current)).statusCode).toBe(200);
    expect((await app.inject(current.replace('.webp', '-thumb.webp'))).statusCode).toBe(200);
  });

  it('keeps a replaced image that another team still shows (one upload attached twice before uploads were single-use)', async () => {
    const first = await rallier();
    const second = await rallier();
    const shared = await uploadAndAttach(first.cookie, first.signupId);
    await app.db.update(signups).set({ carImageUrl: shared }).where(eq(signups.id, second.signupId));
    await uploadAndAttach(first.cookie, first.signupId);
    expect((await app.inject(shared)).statusCode).toBe(200);
  });

  it(`gives one session at most ${MAX_UPLOADS_PER_SESSION} upload URLs in all: past it, a 403 and nothing stored`, async () => {
    // Signed out, just registered: the session's own total is reached first.
    const reg = await app.inject({ method: 'POST', url: '/api/signups', payload: teamInput() });
    const cookie = sessionCookie(reg);
    for (let i = 0; i < MAX_UPLOADS_PER_SESSION; i++) await uploadAndAttach(cookie, reg.json().id);
    const [rows, files] = [await issued(), incoming()];
    const refused = await askForUpload(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `This browser session has used all ${MAX_UPLOADS_PER_SESSION} of its uploads. Please contact the organisers if you need to change your car image.`,
    );
    expect(await issued()).toBe(rows);
    expect(incoming()).toEqual(files);
  });

  it(`gives one team at most ${MAX_UPLOADS_PER_TEAM} upload URLs in all, across its sessions: past it, a 403 and nothing stored`, async () => {
    const { user, password, cookie } = await signUp(app);
    const reg = await app.inject({
      method: 'POST',
      url: '/api/signups',
      payload: teamInput({ driverEmail: user.email }),
      headers: { cookie },
    });
    const signupId: number = reg.json().id;
    let session = cookie;
    for (let i = 0; i < MAX_UPLOADS_PER_TEAM; i++) {
      if (i > 0 && i % MAX_UPLOADS_PER_SESSION === 0) session = await signInAgain(user.email, password);
      await uploadAndAttach(session, signupId);
    }
    const [rows, files] = [await issued(), incoming()];
    const refused = await askForUpload(await signInAgain(user.email, password));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `Your team has used all ${MAX_UPLOADS_PER_TEAM} of its uploads. Please contact the organisers to change your car image.`,
    );
    expect(await issued()).toBe(rows);
    expect(incoming()).toEqual(files);
    // An organiser can still change the team's image.
    const { cookie: adminCookie } = await signUpAdmin(app);
    await uploadAndAttach(adminCookie, signupId);
  });
});
