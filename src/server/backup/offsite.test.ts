import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { createStorage, S3Storage } from '../services/storage';
import { copyBackupOffsite } from './offsite';

/** Backups copied to an S3-compatible bucket (s3rver, on a local port), the last 14 kept. */
let server: S3rver;
let storage: S3Storage;
beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'rally-s3-backups-')),
    configureBuckets: [{ name: 'rally-bucket', configs: [] }],
  });
  (server as unknown as { logger: { silent: boolean } }).logger.silent = true;
  const { port } = await server.run();
  const config = loadConfig({
    S3_BUCKET: 'rally-bucket',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'eu-west-2',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  storage = createStorage(config, Buffer.alloc(32)) as S3Storage;
});
afterAll(async () => {
  (server as unknown as { httpServer: import('node:http').Server }).httpServer.closeAllConnections();
  await server.close();
});

describe('copying backups off the host', () => {
  it('puts each archive and its key note in the bucket under backups/, keeping the last 14 archives', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rally-backups-'));
    const names: string[] = [];
    for (let day = 1; day <= 16; day++) {
      const name = `rally-backup-2026-01-${String(day).padStart(2, '0')}-020000`;
      writeFileSync(path.join(dir, `${name}.tar.gz`), `archive ${day}`);
      writeFileSync(path.join(dir, `${name}.key-note.txt`), `note ${day}`);
      names.push(name);
      await copyBackupOffsite(storage, path.join(dir, `${name}.tar.gz`));
    }
    const keys = await storage.listKeys('backups/');
    const kept = names.slice(2);
    expect(keys).toEqual(kept.flatMap((n) => [`backups/${n}.key-note.txt`, `backups/${n}.tar.gz`]).sort());
  });
});
