import { parentPort, workerData } from 'node:worker_threads';
import type { ImportKind } from './import-kind';
import type { SheetColumns } from './read-sheet';
import { IMPORT_MAX_UNPACKED_BYTES, zipFitsWithin } from './zip-size';

/**
 * Runs in a worker thread (parse-in-worker.ts): unpacks and parses one uploaded spreadsheet, so a
 * hostile file can only slow this thread, which the request side terminates on its time limit.
 */
/** A refusal before the spreadsheet code (and its HttpError) is loaded, to keep the check quick. */
class Refusal extends Error {}

/** Without `columns`, the historic e-mail file; with them, another import's file (read-sheet.ts). */
const { bytes, kind, columns } = workerData as { bytes: Uint8Array; kind: ImportKind; columns?: SheetColumns };

async function parse() {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'xlsx') {
    const fits = await zipFitsWithin(buf, IMPORT_MAX_UNPACKED_BYTES).catch(() => {
      throw new Refusal('The file could not be read as a spreadsheet');
    });
    if (!fits) throw new Refusal('The file is too large once unpacked');
  }
  // The spreadsheet library is loaded only for a file that passed the size check.
  if (columns) return (await import('./read-sheet')).readSheet(buf, kind, columns);
  const { readRows } = await import('./import-file');
  return readRows(buf, kind);
}

parse().then(
  (rows) => parentPort!.postMessage({ ok: true, rows }),
  (error: unknown) =>
    parentPort!.postMessage(
      error instanceof Error && (error instanceof Refusal || 'statusCode' in error)
        ? { ok: false, status: (error as { statusCode?: number }).statusCode ?? 400, message: error.message }
        : { ok: false, status: 400, message: 'The file could not be read as a spreadsheet' },
    ),
);
