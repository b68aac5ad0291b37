import { describe, expect, it, vi } from 'vitest';
import { S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, S3Storage, StorageError, createStorage, objectIdFromUrl } from '../../services/storage';
import { loadConfig } from '../../config';
import { publishCarImage } from './routes';

/** An S3 storage whose client records commands and answers GetObject from a map, with no network. */
function mockedS3(objects: Map<string, Buffer>) {
  const config = loadConfig({ S3_BUCKET: 'rally-bucket', S3_ENDPOINT: 'https://s3.example.test', S3_REGION: 'eu-west-2', S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret', S3_PUBLIC_URL: 'https://cdn.example.test' });
  const storage = createStorage(config, Buffer.alloc(32)) as S3Storage;
  const client = (storage as unknown as { client: S3Client }).client;
  const sent: { name: string; input: any }[] = [];
  vi.spyOn(client, 'send').mockImplementation(async (command: any) => {
    const name = command.constructor.name;
    sent.push({ name, input: command.input });
    if (name === 'GetObjectCommand') {
      const body = objects.get(command.input.Key);
      if (!body) throw new Error('NoSuchKey');
      return { ContentLength: body.length, Body: { transformToByteArray: async () => new Uint8Array(body) } };
    }
    return {};
  });
  return { storage, sent };
}

describe('S3 storage', () => {
  it('gives a presigned, expiring PUT URL for an incoming object', async () => {
    const { storage } = mockedS3(new Map());
    const { objectId, uploadURL } = await storage.createUploadUrl();
    const url = new URL(uploadURL);
    expect(url.origin + url.pathname).toBe(`https://s3.example.test/rally-bucket/incoming/${objectId}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // A checksum of an empty body in the URL would make the browser's PUT of the photo fail.
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    expect(objectIdFromUrl(uploadURL)).toBe(objectId);
  });

  it('re-encodes the uploaded object, stores image and thumbnail publicly and removes the original', async () => {
    const id = '6f1c1a52-7c1e-4a8e-9a7d-0a3f1e2b3c4d';
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e8a91c' } }).jpeg().toBuffer();
    const { storage, sent } = mockedS3(new Map([[`incoming/${id}`, jpeg]]));
    const url = await publishCarImage(storage, id);
    expect(url).toBe(`https://cdn.example.test/car-images/${id}.webp`);
    const puts = sent.filter((c) => c.name === 'PutObjectCommand');
    expect(puts.map((p) => [p.input.Key, p.input.ContentType])).toEqual([
      [`car-images/${id}.webp`, 'image/webp'],
      [`car-images/${id}-thumb.webp`, 'image/webp'],
    ]);
    expect((await sharp(puts[0].input.Body).metadata()).format).toBe('webp');
    expect(sent.at(-1)).toMatchObject({ name: 'DeleteObjectCommand', input: { Key: `incoming/${id}` } });
  });

  it('refuses an object over 10 MB and one that is not an image', async () => {
    const big = '1f1c1a52-7c1e-4a8e-9a7d-0a3f1e2b3c4d';
    const text = '2f1c1a52-7c1e-4a8e-9a7d-0a3f1e2b3c4d';
    const { storage, sent } = mockedS3(new Map([[`incoming/${big}`, Buffer.alloc(MAX_UPLOAD_BYTES + 1)], [`incoming/${text}`, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]]));
    await expect(publishCarImage(storage, big)).rejects.toBeInstanceOf(StorageError);
    await expect(publishCarImage(storage, text)).rejects.toThrow(/Only image files/);
    expect(sent.filter((c) => c.name === 'PutObjectCommand')).toEqual([]);
  });
});
