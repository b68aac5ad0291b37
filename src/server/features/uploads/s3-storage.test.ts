import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  MAX_UPLOAD_BYTES,
  StorageError,
  UPLOAD_URL_TTL_SECONDS,
  createStorage,
  objectIdFromUrl,
  type Storage,
} from '../../services/storage';
import { loadConfig } from '../../config';
import { signups } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { teamInput } from '../../../common/factories';
import { uploadTicketSchema, type UploadTicket } from '../../../common/schemas/uploads';
import { publishImage } from '../../services/uploaded-images';
import { only } from '../../test/rows';

/** The S3 storage against s3rver, a real S3-compatible server on a local port. */
let server: S3rver;
let endpoint: string;
let storage: Storage;
let s3Env: Record<string, string>;
beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'rally-s3-')),
    configureBuckets: [{ name: 'rally-bucket', configs: [] }],
  });
  // Its request log would write "no transports" warnings to console.error.
  (server as unknown as { logger: { silent: boolean } }).logger.silent = true;
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed test credentials.
  s3Env = {
    S3_BUCKET: 'rally-bucket',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'eu-west-2',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  storage = createStorage(loadConfig(s3Env), Buffer.alloc(32));
});
afterAll(async () => {
  // Keep-alive sockets of the S3 client and fetch would hold the server open.
  (server as unknown as { httpServer: import('node:http').Server }).httpServer.closeAllConnections();
  await server.close();
});

const objectUrl = (key: string) => `${endpoint}/rally-bucket/${key}`;

/** What the browser does with an S3 upload ticket: every signed field, its type, then the file last. */
function postForm(ticket: UploadTicket, body: Buffer, contentType = 'image/jpeg') {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields ?? {})) form.append(name, value);
  form.append('Content-Type', contentType);
  form.append('file', new Blob([new Uint8Array(body)]), 'car.jpg');
  return fetch(ticket.uploadURL, { method: ticket.method, body: form });
}

async function upload(body: Buffer): Promise<string> {
  const ticket = await storage.createUploadUrl();
  expect((await postForm(ticket, body)).status).toBe(204);
  return ticket.objectId;
}

/** The policy document of a presigned POST, as S3 decodes it. */
type Policy = { expiration: string; conditions: (Record<string, string> | [string, string | number, string | number])[] };
/** A form field of a presigned POST, which must be there. */
function field(fields: Record<string, string>, name: string): string {
  const value = fields[name];
  if (value === undefined) throw new Error(`the presigned POST has no ${name} field`);
  return value;
}
const decodePolicy = (fields: Record<string, string>): Policy =>
  JSON.parse(Buffer.from(field(fields, 'Policy'), 'base64').toString('utf8'));

/** The AWS signature v4 of a POST policy, computed here from the secret key as S3 checks it. */
function signPolicy(encodedPolicy: string, date: string, region: string, secret: string) {
  let key: Buffer = Buffer.from(`AWS4${secret}`);
  for (const part of [date, region, 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(encodedPolicy).digest('hex');
}

describe('S3 storage', () => {
  it('gives a presigned POST to the bucket for one incoming object, which the server accepts', async () => {
    const ticket = await storage.createUploadUrl();
    expect(uploadTicketSchema.parse(ticket)).toEqual(ticket);
    expect(ticket.method).toBe('POST');
    expect(ticket.uploadURL.replace(/\/$/, '')).toBe(`${endpoint}/rally-bucket`);
    expect(ticket.fields?.key).toBe(`incoming/${ticket.objectId}`);
    expect(ticket.fields?.['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    // The browser sends the object id back to attach it: the bucket URL alone does not name it.
    expect(objectIdFromUrl(ticket.objectId)).toBe(ticket.objectId);

    expect((await postForm(ticket, Buffer.from('photo bytes'))).status).toBe(204);
    expect(Buffer.from(await (await fetch(objectUrl(`incoming/${ticket.objectId}`))).arrayBuffer()).toString()).toBe('photo bytes');
  });

  // s3rver stores a POST without checking its policy (its "policy" field is unimplemented), so a
  // POST over the limit cannot be refused by it here: this checks the signed policy S3 enforces.
  it('signs a policy that bounds the size to 1 byte..10 MB, pins the key and image types, and expires with the link', async () => {
    const before = Date.now();
    const { objectId, fields = {} } = await storage.createUploadUrl();
    const policy = decodePolicy(fields);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, MAX_UPLOAD_BYTES]);
    expect(policy.conditions).toContainEqual({ key: `incoming/${objectId}` });
    expect(policy.conditions).toContainEqual({ bucket: 'rally-bucket' });
    expect(policy.conditions).toContainEqual(['starts-with', '$Content-Type', 'image/']);
    // No other condition widens what may be sent (a starts-with on the key would allow any name).
    expect(policy.conditions.filter((c) => Array.isArray(c) && c[1] === '$key')).toEqual([]);
    const expiresIn = (Date.parse(policy.expiration) - before) / 1000;
    expect(expiresIn).toBeGreaterThan(UPLOAD_URL_TTL_SECONDS - 5);
    expect(expiresIn).toBeLessThanOrEqual(UPLOAD_URL_TTL_SECONDS);

    // The signature covers this policy under the bucket owner's key, so a browser cannot loosen it.
    const date = field(fields, 'X-Amz-Date').slice(0, 8);
    expect(fields['X-Amz-Credential']).toBe(`S3RVER/${date}/eu-west-2/s3/aws4_request`);
    expect(fields['X-Amz-Signature']).toBe(signPolicy(field(fields, 'Policy'), date, 'eu-west-2', 'S3RVER'));
  });

  it('re-encodes the uploaded object, stores image and thumbnail publicly and removes the original', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e8a91c' } })
      .jpeg()
      .toBuffer();
    const id = await upload(jpeg);
    const { url } = await publishImage(storage, id, 'car-images');
    expect(url).toBe(objectUrl(`car-images/${id}.webp`));

    for (const key of [`car-images/${id}.webp`, `car-images/${id}-thumb.webp`]) {
      const res = await fetch(objectUrl(key));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('webp');
    }
    expect((await fetch(objectUrl(`incoming/${id}`))).status).toBe(404);
  });

  it('refuses an object over 10 MB and one that is not an image, publishing nothing', async () => {
    const big = await upload(Buffer.alloc(MAX_UPLOAD_BYTES + 1));
    const text = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    await expect(publishImage(storage, big, 'car-images')).rejects.toBeInstanceOf(StorageError);
    await expect(publishImage(storage, text, 'car-images')).rejects.toThrow(/Only image files/);
    for (const id of [big, text]) expect((await fetch(objectUrl(`car-images/${id}.webp`))).status).toBe(404);
  });

  it('answers "Upload not found" for an object that was never uploaded', async () => {
    await expect(publishImage(storage, '3f1c1a52-7c1e-4a8e-9a7d-0a3f1e2b3c4d', 'car-images')).rejects.toThrow('Upload not found');
  });
});

describe('S3 uploads through the API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: s3Env });
  });
  afterAll(() => app?.close());

  async function team() {
    const { user, cookie } = await signUp(app);
    const reg = await app.inject({
      method: 'POST',
      url: '/api/signups',
      payload: teamInput({ driverEmail: user.email }),
      headers: { cookie },
    });
    return { cookie, signupId: reg.json().id as number };
  }
  const photo = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#1f4e86' } })
      .png()
      .toBuffer();
  async function ticketFor(cookie: string) {
    const res = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return uploadTicketSchema.parse(res.json());
  }
  const attach = (cookie: string, objectId: string, signupId: number) =>
    app.inject({ method: 'PUT', url: '/api/car-images', headers: { cookie }, payload: { carImageURL: objectId, signupId } });
  const carImageOf = async (signupId: number) => only(await app.db.select().from(signups).where(eq(signups.id, signupId))).carImageUrl;

  it('hands out a presigned POST; a small image sent to S3 attaches once, even if the POST is sent again', async () => {
    const { cookie, signupId } = await team();
    const ticket = await ticketFor(cookie);
    expect(ticket).toMatchObject({ method: 'POST', fields: { key: `incoming/${ticket.objectId}` } });
    expect((await postForm(ticket, await photo(), 'image/png')).status).toBe(204);

    const attached = await attach(cookie, ticket.objectId, signupId);
    expect(attached.statusCode).toBe(200);
    expect(attached.json().carImageUrl).toBe(objectUrl(`car-images/${ticket.objectId}.webp`));
    expect(await carImageOf(signupId)).toBe(objectUrl(`car-images/${ticket.objectId}.webp`));
    expect((await fetch(objectUrl(`car-images/${ticket.objectId}.webp`))).status).toBe(200);

    // The presigned POST still works at S3 while it lives; the object id is what is single-use.
    expect((await postForm(ticket, await photo(), 'image/png')).status).toBe(204);
    const again = await attach(cookie, ticket.objectId, signupId);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This upload has already been used');
    const other = await team();
    const elsewhere = await attach(other.cookie, ticket.objectId, other.signupId);
    expect(elsewhere.statusCode).toBe(400);
    expect(await carImageOf(other.signupId)).toBeNull();
    // What was sent again is not kept.
    expect((await fetch(objectUrl(`incoming/${ticket.objectId}`))).status).toBe(404);
  });

  it("replacing a team's car image deletes the old image and its thumbnail from the bucket", async () => {
    const { cookie, signupId } = await team();
    const first = await ticketFor(cookie);
    expect((await postForm(first, await photo(), 'image/png')).status).toBe(204);
    expect((await attach(cookie, first.objectId, signupId)).statusCode).toBe(200);
    const second = await ticketFor(cookie);
    expect((await postForm(second, await photo(), 'image/png')).status).toBe(204);
    expect((await attach(cookie, second.objectId, signupId)).statusCode).toBe(200);

    expect(await carImageOf(signupId)).toBe(objectUrl(`car-images/${second.objectId}.webp`));
    expect((await fetch(objectUrl(`car-images/${first.objectId}.webp`))).status).toBe(404);
    expect((await fetch(objectUrl(`car-images/${first.objectId}-thumb.webp`))).status).toBe(404);
    expect((await fetch(objectUrl(`car-images/${second.objectId}.webp`))).status).toBe(200);
    expect((await fetch(objectUrl(`car-images/${second.objectId}-thumb.webp`))).status).toBe(200);
  });
});

describe("a team update's photo on S3", () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp({ env: { ...s3Env, RALLY_CLOCK: RALLY_DAY_CLOCK } });
    admin = (await signUpAdmin(app)).cookie;
  });
  afterAll(() => app?.close());

  const toggle = (id: number, action: 'hide' | 'unhide') =>
    post(app, admin, `/api/admin/team-updates/${id}/${action}`, action === 'hide' ? { reason: 'A number plate shows' } : {});

  it('leaves its public address while the update is hidden, thumbnail too, and is back with its short cache once shown again', async () => {
    const { cookie } = await teamDriver(app);
    const ticket = uploadTicketSchema.parse((await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } })).json());
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1f4e86' } })
      .png()
      .toBuffer();
    expect((await postForm(ticket, png, 'image/png')).status).toBe(204);
    const posted = await post(app, cookie, '/api/my-rally-app/updates', {
      clientId: randomUUID(),
      body: 'Lighthouse!',
      photoUploadUrl: ticket.objectId,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const { id, photoUrl } = posted.json() as { id: number; photoUrl: string };
    // Straight from the bucket, as a supporter's browser reads it: the site is not asked.
    expect(photoUrl).toBe(objectUrl(`team-updates/${ticket.objectId}.webp`));
    const thumb = objectUrl(`team-updates/${ticket.objectId}-thumb.webp`);
    const before = await fetch(photoUrl);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('public, max-age=300');
    const bytes = Buffer.from(await before.arrayBuffer());

    expect((await toggle(id, 'hide')).statusCode).toBe(200);
    expect((await fetch(photoUrl)).status).toBe(404);
    expect((await fetch(thumb)).status).toBe(404);
    // Hiding it again (a retry) changes nothing and loses nothing.
    expect((await toggle(id, 'hide')).statusCode).toBe(200);

    expect((await toggle(id, 'unhide')).statusCode).toBe(200);
    const after = await fetch(photoUrl);
    expect(after.status).toBe(200);
    expect(after.headers.get('cache-control')).toBe('public, max-age=300');
    expect(after.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await after.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetch(thumb)).status).toBe(200);
    // Nothing is left behind under hidden/ once it is back.
    const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      region: 'eu-west-2',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const left = await client.send(new ListObjectsV2Command({ Bucket: 'rally-bucket', Prefix: 'hidden/' }));
    client.destroy();
    expect(left.Contents ?? []).toEqual([]);
  });
});
