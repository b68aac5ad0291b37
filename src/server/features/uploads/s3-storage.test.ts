import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import sharp from 'sharp';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, StorageError, createStorage, objectIdFromUrl, type Storage } from '../../services/storage';
import { loadConfig } from '../../config';
import { publishCarImage } from './routes';

/** The S3 storage against s3rver, a real S3-compatible server on a local port. */
let server: S3rver;
let endpoint: string;
let storage: Storage;
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
  const config = loadConfig({ S3_BUCKET: 'rally-bucket', S3_ENDPOINT: endpoint, S3_REGION: 'eu-west-2', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
  storage = createStorage(config, Buffer.alloc(32));
});
afterAll(async () => {
  // Keep-alive sockets of the S3 client and fetch would hold the server open.
  (server as unknown as { httpServer: import('node:http').Server }).httpServer.closeAllConnections();
  await server.close();
});

const objectUrl = (key: string) => `${endpoint}/rally-bucket/${key}`;

/** What the browser does with the upload URL. */
async function upload(body: Buffer): Promise<string> {
  const { objectId, uploadURL } = await storage.createUploadUrl();
  const put = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'image/jpeg' } });
  expect(put.status).toBe(200);
  return objectId;
}

describe('S3 storage', () => {
  it('gives a presigned, expiring PUT URL for an incoming object, which the server accepts', async () => {
    const { objectId, uploadURL } = await storage.createUploadUrl();
    const url = new URL(uploadURL);
    expect(url.origin + url.pathname).toBe(objectUrl(`incoming/${objectId}`));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // A checksum of an empty body in the URL would make the browser's PUT of the photo fail.
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    expect(objectIdFromUrl(uploadURL)).toBe(objectId);

    expect((await fetch(uploadURL, { method: 'PUT', body: 'photo bytes' })).status).toBe(200);
    expect(Buffer.from(await (await fetch(objectUrl(`incoming/${objectId}`))).arrayBuffer()).toString()).toBe('photo bytes');
  });

  it('re-encodes the uploaded object, stores image and thumbnail publicly and removes the original', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e8a91c' } }).jpeg().toBuffer();
    const id = await upload(jpeg);
    const url = await publishCarImage(storage, id);
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
    await expect(publishCarImage(storage, big)).rejects.toBeInstanceOf(StorageError);
    await expect(publishCarImage(storage, text)).rejects.toThrow(/Only image files/);
    for (const id of [big, text]) expect((await fetch(objectUrl(`car-images/${id}.webp`))).status).toBe(404);
  });

  it('answers "Upload not found" for an object that was never uploaded', async () => {
    await expect(publishCarImage(storage, '3f1c1a52-7c1e-4a8e-9a7d-0a3f1e2b3c4d')).rejects.toThrow('Upload not found');
  });
});
