import type { FastifyRequest } from 'fastify';
import { rawText } from '../../../common/schemas/primitives';
import { HttpError } from '../../errors';
import { detectKind, type ImportKind } from './import-kind';

const fileName = rawText(255);

/**
 * The one spreadsheet of a multipart upload (the route's scope registers @fastify/multipart with
 * IMPORT_MAX_BYTES): its name, bytes and kind. A missing file, a bad name, a file over the cap or
 * one that is not a spreadsheet is a 400 or 413 before anything is parsed.
 */
export async function readSpreadsheetUpload(request: FastifyRequest): Promise<{ name: string; buf: Buffer; kind: ImportKind }> {
  if (!request.isMultipart()) throw new HttpError(400, 'No file selected');
  const file = await request.file();
  if (!file || !file.filename) throw new HttpError(400, 'No file selected');
  // The name goes into the audit log, so it follows the same text rules as any other field.
  if (!fileName.safeParse(file.filename).success) throw new HttpError(400, 'The file name is not allowed');
  let buf: Buffer;
  try {
    buf = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'The file is larger than 5 MB');
    throw err;
  }
  return { name: file.filename, buf, kind: detectKind(buf, file.filename) };
}
