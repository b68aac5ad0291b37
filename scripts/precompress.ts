/**
 * Writes `.br` and `.gz` beside every text file of the web build, once at build time, so the server
 * sends compressed bytes without compressing on each request (@fastify/static `preCompressed`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed answer saves less than its extra header and work. */
export const MIN_COMPRESS_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of files(dir)) {
    if (!TEXT.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < MIN_COMPRESS_BYTES) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}

/** Vite plugin: precompresses the output folder after the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'rally-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
