import { describe, expect, it } from 'vitest';
import { mkdtempSync, existsSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskStorage, UPLOAD_URL_TTL_SECONDS } from '../../services/storage';
import { STALE_UPLOAD_MS } from './purge';

const key = Buffer.from('k'.repeat(32));

describe('disk storage', () => {
  it('signs upload URLs that stop working when they expire', async () => {
    let now = Date.parse('2026-05-01T10:00:00Z');
    const storage = new DiskStorage(mkdtempSync(path.join(tmpdir(), 'rally-disk-')), key, () => now);
    const { objectId, uploadURL } = await storage.createUploadUrl();
    const q = new URL(uploadURL, 'http://x').searchParams;
    const expires = Number(q.get('expires'));
    expect(storage.verify(objectId, expires, q.get('signature')!)).toBe(true);
    expect(storage.verify(objectId, expires + 1, q.get('signature')!)).toBe(false);
    now += (UPLOAD_URL_TTL_SECONDS + 1) * 1000;
    expect(storage.verify(objectId, expires, q.get('signature')!)).toBe(false);
    // Another key (another site's secret) never verifies.
    expect(new DiskStorage('/tmp', Buffer.from('x'.repeat(32))).verify(objectId, expires, q.get('signature')!)).toBe(false);
  });

  it('removes uploads left unattached for a day, and keeps recent ones', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rally-disk-'));
    const storage = new DiskStorage(dir, key);
    await storage.writeIncoming('11111111-1111-4111-8111-111111111111', Buffer.from('old'));
    await storage.writeIncoming('22222222-2222-4222-8222-222222222222', Buffer.from('new'));
    const old = path.join(dir, 'incoming', '11111111-1111-4111-8111-111111111111');
    const past = (Date.now() - STALE_UPLOAD_MS - 60_000) / 1000;
    utimesSync(old, past, past);
    expect(await storage.purgeStaleIncoming(STALE_UPLOAD_MS)).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(path.join(dir, 'incoming', '22222222-2222-4222-8222-222222222222'))).toBe(true);
  });

  it('deletes a public file by its URL, and nothing outside the public folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rally-disk-'));
    const storage = new DiskStorage(dir, key);
    const url = await storage.putPublic('car-images/a.webp', Buffer.from('img'));
    await storage.writeIncoming('33333333-3333-4333-8333-333333333333', Buffer.from('kept'));
    for (const outside of [
      '/uploads/../incoming/33333333-3333-4333-8333-333333333333',
      '/uploads/%2e%2e/incoming/33333333-3333-4333-8333-333333333333',
      'https://elsewhere.example/uploads/car-images/a.webp',
    ])
      await storage.deletePublic(outside);
    expect(existsSync(path.join(dir, 'incoming', '33333333-3333-4333-8333-333333333333'))).toBe(true);
    expect(existsSync(path.join(dir, 'public', 'car-images', 'a.webp'))).toBe(true);
    await storage.deletePublic(url);
    expect(existsSync(path.join(dir, 'public', 'car-images', 'a.webp'))).toBe(false);
  });
});
