import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError } from '../../errors';
import type { ImportKind, ImportRow } from './import-kind';
import type { SheetColumns, SheetRow } from './read-sheet';

/** How long one spreadsheet may take to parse before its worker is stopped. */
export const IMPORT_PARSE_TIMEOUT_MS = 10_000;

// The worker is the file beside this one with the same extension: parse-worker.js beside the
// compiled server; parse-worker.ts under tsx and in tests, loaded through tsx's loader first.
const ext = path.extname(fileURLToPath(import.meta.url));
const WORKER_URL = new URL(`./parse-worker${ext}`, import.meta.url);
const TSX_API = ext === '.ts' ? 'tsx/esm/api' : null;
const workerSource = (): URL | string =>
  TSX_API
    ? `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`
    : WORKER_URL;

type Answer<Row> = { ok: true; rows: Row[] } | { ok: false; status: number; message: string };

/**
 * Parses a spreadsheet in a worker thread, off the request thread: the site keeps answering while
 * it runs, and a file that takes too long or needs too much memory is refused with a 400.
 */
export function parseInWorker(buf: Buffer, kind: ImportKind, timeoutMs = IMPORT_PARSE_TIMEOUT_MS): Promise<ImportRow[]> {
  return runWorker<ImportRow>(buf, kind, undefined, timeoutMs);
}

/** The same for another import's file, by its columns (the results import). */
export function parseSheetInWorker(
  buf: Buffer,
  kind: ImportKind,
  columns: SheetColumns,
  timeoutMs = IMPORT_PARSE_TIMEOUT_MS,
): Promise<SheetRow[]> {
  return runWorker<SheetRow>(buf, kind, columns, timeoutMs);
}

function runWorker<Row>(buf: Buffer, kind: ImportKind, columns: SheetColumns | undefined, timeoutMs: number): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource(), {
      eval: Boolean(TSX_API),
      workerData: { bytes: new Uint8Array(buf), kind, columns },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new HttpError(400, 'The file took too long to read'))), timeoutMs);
    worker.on('message', (answer: Answer<Row>) =>
      settle(() => (answer.ok ? resolve(answer.rows) : reject(new HttpError(answer.status, answer.message)))),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new HttpError(400, 'The file is too large once unpacked') : error)),
    );
    worker.on('exit', () => settle(() => reject(new Error('spreadsheet worker stopped without an answer'))));
  });
}
