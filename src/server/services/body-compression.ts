import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/**
 * Compresses an answer. `kept` answers are compressed once and reused, so they get a high level
 * that still stays quick on the largest list; `fast` is for answers compressed on every request.
 */
export function compressBody(body: Buffer, encoding: Encoding, effort: 'kept' | 'fast' = 'kept'): Buffer {
  const brotliQuality = effort === 'kept' ? 9 : 4;
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: effort === 'kept' ? 9 : 6 });
}
