import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import { historicParticipants } from '../db/schema';

/** A multipart/form-data body with one file, as a browser would send it. */
export function multipartFile(filename: string, content: Buffer, field = 'file') {
  const boundary = `----rally${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A spreadsheet file of these rows (first row the header) in the given format. */
export function sheetFile(rows: unknown[][], bookType: 'xlsx' | 'biff8' | 'csv'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Ralliers');
  const out = XLSX.write(book, { type: bookType === 'csv' ? 'string' : 'buffer', bookType });
  return typeof out === 'string' ? Buffer.from(out, 'utf8') : (out as Buffer);
}

type Historic = typeof historicParticipants.$inferInsert;

export async function insertHistoric(app: FastifyInstance, rows: Partial<Historic>[]) {
  return app.db
    .insert(historicParticipants)
    .values(rows.map((r) => ({ year: 2015, ...r })))
    .returning();
}
