import { statfs } from 'node:fs/promises';

/** Megabytes free to this process on the file system holding `dir`. */
export async function freeDiskMb(dir: string): Promise<number> {
  const s = await statfs(dir);
  return Math.floor((s.bavail * s.bsize) / 1024 / 1024);
}
