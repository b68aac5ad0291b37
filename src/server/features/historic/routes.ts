import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { asc } from 'drizzle-orm';
import { audienceMembers } from '../../services/contact-audience';
import { historicParticipants } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../../services/audit';
import { exportEmailsSchema, historicRecordSchema, importAnswerSchema, type HistoricRecord } from '../../../common/schemas/historic';
import { z } from 'zod';
import { rawText } from '../../../common/schemas/primitives';
import { detectKind, IMPORT_MAX_BYTES } from './import-file';
import { parseInWorker } from './parse-in-worker';
import { applyImport } from './apply-import';

const fileName = rawText(255);

const historicRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  // The raw records; the page derives each person from them (src/common/historic.ts).
  app.get(
    '/api/admin/historic-participants',
    { onRequest: app.requireAdmin, schema: { response: { 200: z.array(historicRecordSchema) } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const h = historicParticipants;
      const rows: HistoricRecord[] = await app.db
        .select({
          id: h.id,
          year: h.year,
          rank: h.rank,
          carNumber: h.carNumber,
          teamName: h.teamName,
          driverFirstName: h.driverFirstName,
          driverLastName: h.driverLastName,
          coDriverFirstName: h.coDriverFirstName,
          coDriverLastName: h.coDriverLastName,
          carModel: h.carModel,
          totalScore: h.totalScore,
          email: h.email,
          coDriverEmail: h.coDriverEmail,
          emailOptIn: h.emailOptIn,
          coDriverEmailOptIn: h.coDriverEmailOptIn,
        })
        .from(h)
        .orderBy(asc(h.year), asc(h.rank), asc(h.id));
      return rows;
    },
  );

  app.post(
    '/api/admin/import-historic-emails',
    { onRequest: app.requireAdmin, schema: { response: { 200: importAnswerSchema } } },
    async (request) => {
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
      const kind = detectKind(buf, file.filename);
      const rows = await parseInWorker(buf, kind);
      const result = await applyImport(app.db, rows);
      await recordAudit(app.db, request, {
        action: 'historic.import',
        targetType: 'historic_participants',
        details: {
          file: file.filename.slice(0, 200),
          rows: rows.length,
          imported: result.imported,
          newUsers: result.newUsers,
          badRows: result.errors.length,
        },
      });
      const message = `Imported ${result.imported} email${result.imported === 1 ? '' : 's'}, created ${result.newUsers} new user account${result.newUsers === 1 ? '' : 's'}`;
      return { message, ...result };
    },
  );

  // Every address still on the list, once each: the contact list by the mailing rule (opted-out
  // and bounced addresses are left out), the same rule the sends use.
  app.get(
    '/api/admin/export-emails',
    { onRequest: app.requireAdmin, schema: { response: { 200: exportEmailsSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const members = await audienceMembers(app.db, { kind: 'marketing', onlyOptedIn: false });
      return { emails: members.map((m) => m.email).sort() };
    },
  );
};

export default historicRoutes;
