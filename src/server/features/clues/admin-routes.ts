import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  adminClueListSchema,
  adminClueSchema,
  adminStandingsSchema,
  clueFieldsSchema,
  penaltyInputSchema,
  penaltySchema,
  pendingPhotoListSchema,
  photoDecisionSchema,
  photoRejectSchema,
} from '../../../common/schemas/clues';
import { deletedSchema } from '../../../common/schemas/answers';
import { recordId } from '../../../common/schemas/primitives';
import { clueAnswers, clueCheckIns, clueHintTakes, clues } from '../../db/schema';
import { rowsOf, theRow } from '../../db/rows';
import { HttpError } from '../../errors';
import { recordAudit } from '../../services/audit';
import {
  CLUE_ANSWERED,
  assertOwnHintIds,
  assertRallyDay,
  assertTakenHintsKept,
  clueColumns,
  listSeasonClues,
  seasonClue,
  toAdminClue,
} from './clue-records';
import { decidePhoto, listPendingPhotos } from './photo-review';
import { addPenalty, listPenalties, removePenalty } from './penalties';
import { computeStandings } from '../../services/standings';

const idParams = z.object({ id: recordId() });

/**
 * The organisers' side of the treasure hunt (docs/features/clues.md): the current season's clues on
 * /admin/clues, the photos waiting for approval, the full standings and the penalties. Every change is audited in
 * its own transaction.
 */
const clueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/clues', { schema: { response: { 200: adminClueListSchema } } }, async () =>
    listSeasonClues(app.db, await app.rallySettings(), app.clock()),
  );

  app.post('/api/admin/clues', { schema: { body: clueFieldsSchema, response: { 201: adminClueSchema } } }, async (request, reply) => {
    const rally = await app.rallySettings();
    assertRallyDay(rally, request.body.day);
    if (request.body.hints.some((h) => h.id)) throw new HttpError(400, 'A new clue’s hints have no ids yet');
    const clue = await app.db.transaction(async (tx) => {
      const row = theRow(
        await tx
          .insert(clues)
          .values({ rallyYear: rally.year, ...clueColumns(request.body) })
          .returning(),
        'the new clue',
      );
      await recordAudit(tx, request, { action: 'clue.create', targetType: 'clue', targetId: row.id, details: { after: request.body } });
      return row;
    });
    return reply.code(201).send(toAdminClue(clue, rally, app.clock()));
  });

  app.put(
    '/api/admin/clues/:id',
    { schema: { params: idParams, body: clueFieldsSchema, response: { 200: adminClueSchema } } },
    async (request) => {
      const rally = await app.rallySettings();
      const before = await seasonClue(app.db, rally.year, request.params.id);
      assertRallyDay(rally, request.body.day);
      assertOwnHintIds(before, request.body);
      const columns = clueColumns(request.body);
      const clue = await app.db.transaction(async (tx) => {
        // A hint taken while this edit was on its way still counts: checked under the clue's lock.
        await tx.select({ id: clues.id }).from(clues).where(eq(clues.id, before.id)).for('update');
        await assertTakenHintsKept(
          tx,
          before.id,
          columns.hints.map((h) => h.id),
        );
        const row = theRow(await tx.update(clues).set(columns).where(eq(clues.id, before.id)).returning(), 'the updated clue');
        await recordAudit(tx, request, {
          action: 'clue.update',
          targetType: 'clue',
          targetId: row.id,
          details: { before: toAdminClue(before, rally, app.clock()), after: request.body },
        });
        return row;
      });
      return toAdminClue(clue, rally, app.clock());
    },
  );

  app.delete('/api/admin/clues/:id', { schema: { params: idParams, response: { 200: deletedSchema } } }, async (request) => {
    const rally = await app.rallySettings();
    const clue = await seasonClue(app.db, rally.year, request.params.id);
    await app.db.transaction(async (tx) => {
      await tx.select({ id: clues.id }).from(clues).where(eq(clues.id, clue.id)).for('update');
      const used = await tx.execute(sql`
        select 1 from ${clueAnswers} where ${clueAnswers.clueId} = ${clue.id}
        union all select 1 from ${clueHintTakes} where ${clueHintTakes.clueId} = ${clue.id}
        union all select 1 from ${clueCheckIns} where ${clueCheckIns.clueId} = ${clue.id}
        limit 1`);
      if (rowsOf(used).length) throw new HttpError(409, CLUE_ANSWERED);
      await tx.delete(clues).where(and(eq(clues.id, clue.id), eq(clues.rallyYear, rally.year)));
      await recordAudit(tx, request, {
        action: 'clue.delete',
        targetType: 'clue',
        targetId: clue.id,
        details: { before: toAdminClue(clue, rally, app.clock()) },
      });
    });
    return { ok: true, id: clue.id };
  });

  app.get('/api/admin/clues/photos', { schema: { response: { 200: pendingPhotoListSchema } } }, async () =>
    listPendingPhotos(app.db, await app.rallySettings()),
  );

  app.post(
    '/api/admin/clues/photos/:id/approve',
    { schema: { params: idParams, response: { 200: photoDecisionSchema } } },
    async (request) => ({ answer: await decidePhoto(app.db, request, request.params.id, { approve: true }) }),
  );

  app.post(
    '/api/admin/clues/photos/:id/reject',
    { schema: { params: idParams, body: photoRejectSchema, response: { 200: photoDecisionSchema } } },
    async (request) => ({ answer: await decidePhoto(app.db, request, request.params.id, { approve: false, reason: request.body.reason }) }),
  );

  app.get('/api/admin/clues/standings', { schema: { response: { 200: adminStandingsSchema } } }, async () => {
    const rally = await app.rallySettings();
    const [teams, penaltyList] = await Promise.all([computeStandings(app.db, rally, app.clock()), listPenalties(app.db, rally.year)]);
    return { year: rally.year, teams, penaltyList };
  });

  app.post(
    '/api/admin/clues/penalties',
    { schema: { body: penaltyInputSchema, response: { 201: penaltySchema } } },
    async (request, reply) => reply.code(201).send(await addPenalty(app.db, request, await app.rallySettings(), request.body)),
  );

  app.delete('/api/admin/clues/penalties/:id', { schema: { params: idParams, response: { 200: deletedSchema } } }, async (request) => {
    await removePenalty(app.db, request, (await app.rallySettings()).year, request.params.id);
    return { ok: true, id: request.params.id };
  });
};

export default clueAdminRoutes;
