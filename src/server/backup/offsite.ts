import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What this needs of the site's S3 storage client (services/storage.ts, S3Storage). */
export type Bucket = {
  putPrivate(key: string, body: Buffer): Promise<void>;
  listKeys(prefix: string): Promise<string[]>;
  deleteKey(key: string): Promise<void>;
};

/** Where backups go in the bucket: apart from the uploads, never under a public address. */
export const OFFSITE_PREFIX = 'backups/';
/** How many archives the bucket keeps: docs/operations.md asks for the last 14 dailies. */
export const OFFSITE_KEEP = 14;

/**
 * Copies a backup archive and its key note (never the key) to the S3-compatible bucket, then deletes
 * the oldest archives beyond `keep`. Archive names sort by date, so the oldest come first.
 */
export async function copyBackupOffsite(storage: Bucket, file: string, keep = OFFSITE_KEEP) {
  const name = path.basename(file);
  await storage.putPrivate(`${OFFSITE_PREFIX}${name}`, readFileSync(file));
  const note = file.replace(/\.tar\.gz$/, '.key-note.txt');
  await storage.putPrivate(`${OFFSITE_PREFIX}${path.basename(note)}`, readFileSync(note));
  const archives = (await storage.listKeys(OFFSITE_PREFIX)).filter((k) => k.endsWith('.tar.gz'));
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const key of removed) {
    await storage.deleteKey(key);
    await storage.deleteKey(key.replace(/\.tar\.gz$/, '.key-note.txt'));
  }
  return { key: `${OFFSITE_PREFIX}${name}`, kept: archives.length - removed.length, removed };
}
