import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { asc } from 'drizzle-orm';
import { audienceMembers } from '../../services/contact-audience';
import { historicParticipants } from '../../db/schema';
import type { FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../../services/audit';
import {
  exportEmailsSchema,
  historicRecordSchema,
  importAnswerSchema,
  importApplySchema,
  oneStepImportAnswerSchema,
  importPlanParamSchema,
  importPreviewSchema,
  type HistoricRecord,
  type ImportCounts,
} from '../../../common/schemas/historic';
import { messageSchema } from '../../../common/schemas/answers';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, type ImportRow } from '../../services/spreadsheets/import-kind';
import { readSpreadsheetUpload } from '../../services/spreadsheets/spreadsheet-upload';
import { parseInWorker } from '../../services/spreadsheets/parse-in-worker';
import { applyPlan } from './apply-import';
import { countOutcomes, planImport, type PlannedRow } from './plan-import';
import { savePlan, takePlan } from './plan-store';

/**
 * "2 created, 1 updated, 1 changed, 17 unchanged, 3 skipped": what an import did, every count named
 * as the preview names it, with "4 added as contacts" when unmatched rows were added.
 */
const importSummary = (c: ImportCounts) =>
  `${c.created} created, ${c.updated} updated, ${c.changed} changed, ${c.unchanged} unchanged, ` +
  `${c.added ? `${c.added} added as contacts, ` : ''}${c.skipped} skipped`;

/** The uploaded file's rows, read in the worker thread. */
async function readUpload(request: FastifyRequest): Promise<{ name: string; rows: ImportRow[] }> {
  const { name, buf, kind } = await readSpreadsheetUpload(request);
  return { name, rows: await parseInWorker(buf, kind) };
}

/** Applies a plan (changed addresses only where `confirm` says so), audits it and words the answer. */
async function applyAndAudit(
  request: FastifyRequest,
  file: string,
  rows: PlannedRow[],
  confirm: (line: number) => boolean,
  addUnmatched = false,
) {
  return request.server.db.transaction(async (tx) => {
    const result = await applyPlan(tx, rows, { confirmed: confirm, addUnmatched, fileName: file });
    const counts = countOutcomes(result.rows);
    await recordAudit(tx, request, {
      action: 'historic.import',
      targetType: 'historic_participants',
      details: {
        file: file.slice(0, 200),
        rows: rows.length,
        ...counts,
        changesConfirmed: rows.filter((r) => r.outcome === 'changed' && confirm(r.line)).length,
      },
    });
    // `newUsers` stays in the answer (the spec's contract) and is always 0: no accounts are made.
    return { message: importSummary(counts), counts, newUsers: 0, rows: result.rows };
  });
}

const historicRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  // The raw records; the page derives each person from them (src/common/historic.ts).
  app.get('/api/admin/historic/records', { schema: { response: { 200: z.array(historicRecordSchema) } } }, async () => {
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
  });

  // Step 1: the file is read (in the worker thread) and compared with the records; nothing is
  // changed. The plan is kept on the server and the organiser sees every row's outcome.
  app.post('/api/admin/historic/import/preview', { schema: { response: { 200: importPreviewSchema } } }, async (request) => {
    const { name, rows } = await readUpload(request);
    const plan = await planImport(app.db, rows);
    const saved = await savePlan(app.db, request.currentUser?.id ?? null, { fileName: name, rows: plan });
    return {
      planId: saved.id,
      fileName: name,
      expiresAt: saved.expiresAt.toISOString(),
      counts: countOutcomes(plan),
      rows: plan.map(({ targets: _t, newContact: _n, ...shown }) => shown),
    };
  });

  // Step 2: exactly the previewed plan is applied, once; changed addresses only where confirmed,
  // rows with no rally record as contacts only when the organiser chose to add them.
  app.post(
    '/api/admin/historic/import/apply',
    { schema: { body: importApplySchema, response: { 200: importAnswerSchema } } },
    async (request) => {
      const { planId, confirmLines, applyAllChanges, addUnmatched } = request.body;
      const plan = await takePlan(app.db, planId, request.currentUser?.id ?? null);
      if (!plan) throw new HttpError(409, 'This preview was already applied, cancelled or has expired; upload the file again');
      const confirmed = new Set(confirmLines);
      return applyAndAudit(request, plan.fileName, plan.rows, (line) => applyAllChanges || confirmed.has(line), addUnmatched);
    },
  );

  // The spec's one-step import (`imported`, `newUsers`), for callers without the preview screen:
  // the same plan applied at once, except that a different address for a known person is never
  // taken without the organiser's confirmation, nor is anyone without a rally record added.
  app.post('/api/admin/historic/import', { schema: { response: { 200: oneStepImportAnswerSchema } } }, async (request) => {
    const { name, rows } = await readUpload(request);
    const answer = await applyAndAudit(request, name, await planImport(app.db, rows), () => false);
    return { ...answer, imported: answer.counts.created + answer.counts.updated + answer.counts.changed };
  });

  // Cancel: the plan is dropped and nothing changes.
  app.delete(
    '/api/admin/historic/import/:planId',
    { schema: { params: importPlanParamSchema, response: { 200: messageSchema } } },
    async (request) => {
      const plan = await takePlan(app.db, request.params.planId, request.currentUser?.id ?? null);
      if (!plan) throw notFound('No preview with this id');
      return { message: 'Import cancelled; nothing was changed' };
    },
  );

  // Every address still on the list, once each: the contact list by the mailing rule (opted-out
  // and bounced addresses are left out), the same rule the sends use.
  app.get('/api/admin/historic/export-emails', { schema: { response: { 200: exportEmailsSchema } } }, async () => {
    const members = await audienceMembers(app.db, { kind: 'marketing', onlyOptedIn: false });
    return { emails: members.map((m) => m.email).sort() };
  });
};

export default historicRoutes;
