import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { winnerFieldsSchema, winnerListSchema, winnerSchema, type WinnerRecord } from '../../../common/schemas/winners';
import { okSchema } from '../../../common/schemas/answers';
import { rallyYear } from '../../../common/schemas/primitives';
import type { Db } from '../../db/client';
import { winners } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { sendCachedJson } from '../../plugins/compression';
import { recordAudit } from '../../services/audit';

const yearParams = z.object({ year: rallyYear() });
const NO_WINNER = 'No winners row for that year';
const columns = { year: winners.year, destination: winners.destination, winners: winners.winners, teamName: winners.teamName };

/** The Rally Champions, oldest first (the home table sorts them itself). */
export function listWinners(db: Db, year?: number): Promise<WinnerRecord[]> {
  return db
    .select(columns)
    .from(winners)
    .where(year === undefined ? undefined : eq(winners.year, year))
    .orderBy(asc(winners.year));
}

/** The home page's Rally Champions table: read by everyone, kept by organisers on /admin/results (every change audited). */
const winnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/winners', { schema: { response: { 200: winnerListSchema } } }, async (request, reply) =>
    sendCachedJson(request, reply, await app.publicCache.answer('winners', () => listWinners(app.db))),
  );

  app.post('/api/admin/winners', { schema: { body: winnerSchema, response: { 201: winnerSchema } } }, async (request, reply) => {
    const { year } = request.body;
    const added = await app.db.transaction(async (tx) => {
      const [row] = await tx.insert(winners).values(request.body).onConflictDoNothing().returning(columns);
      if (!row) throw new HttpError(409, `There is already a winners row for ${year}`);
      await recordAudit(tx, request, { action: 'winner.create', targetType: 'winner', targetId: year, details: { after: request.body } });
      return row;
    });
    reply.code(201);
    return added;
  });

  app.put(
    '/api/admin/winners/:year',
    { schema: { params: yearParams, body: winnerFieldsSchema, response: { 200: winnerSchema } } },
    async (request) => {
      const { year } = request.params;
      const [before] = await listWinners(app.db, year);
      if (!before) throw notFound(NO_WINNER);
      return app.db.transaction(async (tx) => {
        const [after] = await tx.update(winners).set(request.body).where(eq(winners.year, year)).returning(columns);
        if (!after) throw notFound(NO_WINNER);
        await recordAudit(tx, request, { action: 'winner.update', targetType: 'winner', targetId: year, details: { before, after } });
        return after;
      });
    },
  );

  app.delete('/api/admin/winners/:year', { schema: { params: yearParams, response: { 200: okSchema } } }, async (request) => {
    const { year } = request.params;
    await app.db.transaction(async (tx) => {
      const gone = await tx.delete(winners).where(eq(winners.year, year)).returning(columns);
      if (!gone[0]) throw notFound(NO_WINNER);
      await recordAudit(tx, request, { action: 'winner.delete', targetType: 'winner', targetId: year, details: { before: gone[0] } });
    });
    return { ok: true };
  });
};

export default winnersRoutes;
