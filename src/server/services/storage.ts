import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { UploadTicket } from '../../common/schemas/uploads';
import type { Config } from '../config';

/** Spec section 9: one car image of at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10_485_760;
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** Upload URLs one session may hold at once (handed out, not yet attached and not expired). */
export const MAX_PENDING_UPLOADS = 3;
/**
 * Upload URLs one session may ever be given, and one account (or team registered while signed
 * out) across all its sessions: each is at most MAX_UPLOAD_BYTES, so these bound the storage one
 * uploader can fill. A car photo is changed a few times at most.
 */
export const MAX_UPLOADS_PER_SESSION = 10;
/**
 * During the trip, uploads one session, and one account, may be given in any 24 hours instead of
 * the totals above: a day's clues answered with photos (a few retaken after a rejection) and a
 * day's updates from the road, with room to spare (docs/features/uploads.md).
 */
export const UPLOADS_PER_TRIP_DAY = 60;
/** The folder of the teams' updates' photos, which the organisers may hide at any time. */
export const UPDATE_PHOTOS = 'team-updates';
/** How long a photo that may be hidden is kept by browsers and proxies (5 minutes), where others are kept a year. */
export const HIDEABLE_CACHE = 'public, max-age=300';
export const MAX_UPLOADS_PER_TEAM = 20;

/** Raised when an uploaded object is missing or too large; the route turns it into a 400. */
export class StorageError extends Error {}

/**
 * Where car images live. An upload goes to an "incoming" object through a short-lived URL the
 * browser PUTs (disk) or POSTs a form (S3) to; attaching reads it back, and the re-encoded images
 * are stored as public objects.
 */
export type Storage = {
  kind: 'disk' | 's3';
  createUploadUrl(): Promise<UploadTicket>;
  readIncoming(objectId: string): Promise<Buffer>;
  deleteIncoming(objectId: string): Promise<void>;
  /** Stores a public object and returns the URL pages show. */
  putPublic(key: string, body: Buffer, contentType: string): Promise<string>;
  /** The bytes of a public object by the URL putPublic gave; null for any other URL or a missing object. */
  readPublic(url: string): Promise<Buffer | null>;
  /** Deletes a public object by the URL putPublic gave; any other URL is left alone. */
  deletePublic(url: string): Promise<void>;
  /**
   * Takes a public object off the URL putPublic gave, keeping it to be put back by restorePublic
   * (a hidden update's photo). Withdrawing twice, or restoring what is in place, changes nothing.
   */
  withdrawPublic(url: string): Promise<void>;
  restorePublic(url: string): Promise<void>;
};

/** The thumbnail publishImage (uploads feature) stores beside an image. */
export const thumbnailOf = (url: string) => url.replace(/\.webp$/, '-thumb.webp');

/** Takes a published image and its thumbnail off their URLs, or puts them back. */
export async function setImageWithdrawn(storage: Storage, url: string, withdrawn: boolean): Promise<void> {
  for (const each of new Set([url, thumbnailOf(url)])) {
    await (withdrawn ? storage.withdrawPublic(each) : storage.restorePublic(each));
  }
}

const OBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isObjectId = (id: string) => OBJECT_ID.test(id);

/** The object id in an upload URL the browser sends back (its last path segment, query dropped). */
export function objectIdFromUrl(url: string): string | null {
  const last = url.split(/[?#]/)[0]!.split('/').pop() ?? ''; // split always gives at least one part
  return isObjectId(last) ? last : null;
}

/** Disk storage: DATA_DIR/uploads; the upload URL is ours, signed with HMAC and expiring. */
export class DiskStorage implements Storage {
  readonly kind = 'disk';
  constructor(
    private dir: string,
    private key: Buffer,
    private now: () => number = Date.now,
  ) {}

  private sign(objectId: string, expires: number) {
    return createHmac('sha256', this.key).update(`upload:${objectId}:${expires}`).digest('base64url');
  }

  async createUploadUrl() {
    const objectId = randomUUID();
    const expires = Math.floor(this.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
    return {
      objectId,
      method: 'PUT' as const,
      uploadURL: `/api/uploads/${objectId}?expires=${expires}&signature=${this.sign(objectId, expires)}`,
    };
  }

  /** True when the URL was signed by us for this object and has not expired. */
  verify(objectId: string, expires: number, signature: string): boolean {
    if (!isObjectId(objectId) || !Number.isInteger(expires) || expires * 1000 < this.now()) return false;
    const expected = Buffer.from(this.sign(objectId, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Writes an upload once: a second PUT to the same signed URL is refused (returns false). */
  async writeIncoming(objectId: string, body: Buffer): Promise<boolean> {
    await mkdir(path.join(this.dir, 'incoming'), { recursive: true });
    try {
      await writeFile(path.join(this.dir, 'incoming', objectId), body, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'EEXIST') return false;
      throw error;
    }
  }

  async readIncoming(objectId: string) {
    if (!isObjectId(objectId)) throw new StorageError('Upload not found');
    return readFile(path.join(this.dir, 'incoming', objectId)).catch(() => {
      throw new StorageError('Upload not found');
    });
  }

  async deleteIncoming(objectId: string) {
    await rm(path.join(this.dir, 'incoming', objectId), { force: true });
  }

  /** Removes uploads never attached to a team (the browser gave up); returns how many. */
  async purgeStaleIncoming(olderThanMs: number): Promise<number> {
    const dir = path.join(this.dir, 'incoming');
    const names = await readdir(dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && this.now() - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Public files are served by the site at /uploads/... */
  get publicDir() {
    return path.join(this.dir, 'public');
  }

  async putPublic(key: string, body: Buffer) {
    const file = path.join(this.publicDir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    return `/uploads/${key}`;
  }

  /** The file of a public URL of ours, never outside the public folder; null for any other URL. */
  private publicFile(url: string): string | null {
    if (!url.startsWith('/uploads/')) return null;
    const root = path.resolve(this.publicDir);
    const file = path.resolve(root, decodeURIComponent(url.slice('/uploads/'.length).split(/[?#]/)[0]!));
    return file.startsWith(root + path.sep) ? file : null;
  }

  async readPublic(url: string) {
    const file = this.publicFile(url);
    return file ? readFile(file).catch(() => null) : null;
  }

  async deletePublic(url: string) {
    const file = this.publicFile(url);
    if (file) await rm(file, { force: true });
  }

  // The site serves these files itself and refuses a hidden update's photo there (the uploads'
  // file server), so nothing moves on disk.
  async withdrawPublic() {}
  async restorePublic() {}
}

/**
 * Where S3 keeps a withdrawn object: `hidden/<key>/<random>`. The bucket is usually readable by
 * anyone, so the random part is what keeps it private: only a listing with the site's keys finds it.
 */
const WITHDRAWN = 'hidden/';

/** A missing object: S3 says NoSuchKey, or a bare 404. */
const isMissing = (error: unknown) =>
  (error as { name?: string }).name === 'NoSuchKey' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * S3-compatible storage: the browser POSTs a form to the bucket under a presigned policy; public
 * objects are read from S3_PUBLIC_URL.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  private sdk?: Promise<{ s3: typeof import('@aws-sdk/client-s3'); client: S3Client }>;
  constructor(
    private clientConfig: S3ClientConfig,
    private bucket: string,
    private publicBase: string,
  ) {}

  /** The SDK is large: it is loaded with the first upload, not when the site starts. */
  private connect() {
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({ s3, client: new s3.S3Client(this.clientConfig) }));
    return this.sdk;
  }

  /**
   * A presigned POST rather than a presigned PUT: its signed policy names the one key, expires with
   * the link, and S3 refuses a body outside 1 byte..MAX_UPLOAD_BYTES while it arrives.
   */
  async createUploadUrl() {
    const objectId = randomUUID();
    const [{ client }, { createPresignedPost }] = await Promise.all([this.connect(), import('@aws-sdk/s3-presigned-post')]);
    const { url, fields } = await createPresignedPost(client, {
      Bucket: this.bucket,
      Key: `incoming/${objectId}`,
      Conditions: [
        ['content-length-range', 1, MAX_UPLOAD_BYTES],
        ['starts-with', '$Content-Type', 'image/'],
      ],
      Expires: UPLOAD_URL_TTL_SECONDS,
    });
    return { objectId, method: 'POST' as const, uploadURL: url, fields };
  }

  async readIncoming(objectId: string) {
    if (!isObjectId(objectId)) throw new StorageError('Upload not found');
    const { s3, client } = await this.connect();
    const res = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: `incoming/${objectId}` })).catch(() => {
      throw new StorageError('Upload not found');
    });
    // S3 enforces the policy's size range; an S3-compatible store that ignores it is caught here.
    if ((res.ContentLength ?? 0) > MAX_UPLOAD_BYTES) throw new StorageError('The image must be 10 MB or smaller');
    if (!res.Body) throw new StorageError('Upload not found');
    const bytes = Buffer.from(await res.Body.transformToByteArray());
    if (bytes.length > MAX_UPLOAD_BYTES) throw new StorageError('The image must be 10 MB or smaller');
    return bytes;
  }

  async deleteIncoming(objectId: string) {
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: `incoming/${objectId}` }));
  }

  async putPublic(key: string, body: Buffer, contentType: string) {
    const { s3, client } = await this.connect();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: key.startsWith(`${UPDATE_PHOTOS}/`) ? HIDEABLE_CACHE : 'public, max-age=31536000, immutable',
      }),
    );
    return `${this.publicBase.replace(/\/$/, '')}/${key}`;
  }

  /** A private object (a backup archive): never under a public URL. */
  async putPrivate(key: string, body: Buffer) {
    const { s3, client } = await this.connect();
    await client.send(new s3.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: 'application/octet-stream' }));
  }

  /** The keys under `prefix`, in key order (up to 1,000: enough for the backups kept). */
  async listKeys(prefix: string): Promise<string[]> {
    const { s3, client } = await this.connect();
    const res = await client.send(new s3.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix }));
    return (res.Contents ?? []).map((o) => o.Key!).sort();
  }

  async deleteKey(key: string) {
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** The key of a public URL of ours (never an incoming upload nor a withdrawn object); null for any other URL. */
  private publicKey(url: string): string | null {
    const base = `${this.publicBase.replace(/\/$/, '')}/`;
    if (!url.startsWith(base)) return null;
    const key = decodeURIComponent(url.slice(base.length).split(/[?#]/)[0]!);
    return key && !key.startsWith('incoming/') && !key.startsWith(WITHDRAWN) ? key : null;
  }

  /** The x-amz-copy-source of a key of this bucket. */
  private copySource(key: string) {
    return `${this.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** The bucket would serve the object at its URL to anyone: it is copied under hidden/ and deleted. */
  async withdrawPublic(url: string) {
    const key = this.publicKey(url);
    if (!key) return;
    const { s3, client } = await this.connect();
    try {
      const kept = `${WITHDRAWN}${key}/${randomUUID()}`;
      await client.send(new s3.CopyObjectCommand({ Bucket: this.bucket, Key: kept, CopySource: this.copySource(key) }));
    } catch (error) {
      if (isMissing(error)) return; // withdrawn already
      throw error;
    }
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Copies a withdrawn object back to its URL (with its type and cache header) and deletes what was kept. */
  async restorePublic(url: string) {
    const key = this.publicKey(url);
    if (!key) return;
    const kept = await this.listKeys(`${WITHDRAWN}${key}/`);
    if (kept.length === 0) return;
    const { s3, client } = await this.connect();
    await client.send(new s3.CopyObjectCommand({ Bucket: this.bucket, Key: key, CopySource: this.copySource(kept[0]!) }));
    for (const each of kept) await this.deleteKey(each);
  }

  async deletePublic(url: string) {
    const key = this.publicKey(url);
    if (!key) return;
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async readPublic(url: string) {
    const key = this.publicKey(url);
    if (!key) return null;
    const { s3, client } = await this.connect();
    try {
      const res = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body || (res.ContentLength ?? 0) > MAX_UPLOAD_BYTES) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch {
      return null;
    }
  }
}

/** The base URL public objects are read from (S3_PUBLIC_URL, else the endpoint or AWS path). */
function s3PublicBase(config: Config): string {
  return (
    config.S3_PUBLIC_URL ??
    `${(config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`).replace(/\/$/, '')}/${config.S3_BUCKET}`
  );
}

/**
 * Origins the browser talks to for images (reads) and uploads (the presigned POST goes to the
 * endpoint, or on AWS to the bucket's own host), for the Content-Security-Policy.
 */
export function storageOrigins(config: Config): string[] {
  if (!config.S3_BUCKET) return [];
  const uploadTo = config.S3_ENDPOINT ?? `https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`;
  return [...new Set([new URL(s3PublicBase(config)).origin, new URL(uploadTo).origin])];
}

/** S3 when S3_BUCKET is configured, otherwise the data folder. */
export function createStorage(config: Config, signingKey: Buffer): Storage {
  if (config.S3_BUCKET) {
    const clientConfig: S3ClientConfig = {
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: Boolean(config.S3_ENDPOINT),
      // Not every S3-compatible store understands the SDK's default checksum headers: send them only
      // where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    };
    return new S3Storage(clientConfig, config.S3_BUCKET, s3PublicBase(config));
  }
  return new DiskStorage(path.join(config.dataDir, 'uploads'), signingKey);
}
