import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { asc, sql } from 'drizzle-orm';
import { historicParticipants } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../../services/audit';
import type { HistoricRecord } from '../../../common/historic';
import { detectKind, IMPORT_MAX_BYTES, readRows } from './import-file';
import { applyImport } from './apply-import';

const historicRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  // The raw records; the page derives each person from them (src/common/historic.ts).
  app.get('/api/admin/historic-participants', { preHandler: app.requireAdmin }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const h = historicParticipants;
    const rows: HistoricRecord[] = await app.db
      .select({
        id: h.id, year: h.year, rank: h.rank, carNumber: h.carNumber, teamName: h.teamName,
        driverFirstName: h.driverFirstName, driverLastName: h.driverLastName,
        coDriverFirstName: h.coDriverFirstName, coDriverLastName: h.coDriverLastName,
        carModel: h.carModel, totalScore: h.totalScore, email: h.email, coDriverEmail: h.coDriverEmail,
        emailOptIn: h.emailOptIn, coDriverEmailOptIn: h.coDriverEmailOptIn,
      })
      .from(h)
      .orderBy(asc(h.year), asc(h.rank), asc(h.id));
    return rows;
  });

  app.post('/api/admin/import-historic-emails', { preHandler: app.requireAdmin }, async (request) => {
    if (!request.isMultipart()) throw new HttpError(400, 'No file selected');
    const file = await request.file();
    if (!file || !file.filename) throw new HttpError(400, 'No file selected');
    let buf: Buffer;
    try {
      buf = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'The file is larger than 5 MB');
      throw err;
    }
    const kind = detectKind(buf, file.filename);
    const rows = readRows(buf, kind);
    const result = await applyImport(app.db, rows);
    await recordAudit(app.db, request, {
      action: 'historic.import',
      targetType: 'historic_participants',
      details: { file: file.filename.slice(0, 200), rows: rows.length, imported: result.imported, newUsers: result.newUsers, badRows: result.errors.length },
    });
    const message = `Imported ${result.imported} email${result.imported === 1 ? '' : 's'}, created ${result.newUsers} new user account${result.newUsers === 1 ? '' : 's'}`;
    return { message, ...result };
  });

  // Every address still on the list (opted-out ones are left out), once each, any case.
  app.get('/api/admin/export-emails', { preHandler: app.requireAdmin }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const result = await app.db.execute<{ email: string }>(sql`
      select min(email) as email from (
        select trim(email) as email, email_opt_in as opt_in from historic_participants where email is not null and trim(email) <> ''
        union all
        select trim(co_driver_email), co_driver_email_opt_in from historic_participants where co_driver_email is not null and trim(co_driver_email) <> ''
      ) a
      group by lower(email)
      having bool_or(opt_in = false) is not true
        and lower(min(email)) not in (select email from email_opt_outs)
      order by lower(min(email))`);
    return { emails: (result as unknown as { rows: { email: string }[] }).rows.map((r) => r.email) };
  });
};

export default historicRoutes;
