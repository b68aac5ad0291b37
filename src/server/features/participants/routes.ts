import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Participant } from '../../../common/participants';
import { historicParticipants as hp } from '../../db/schema';

/** Only the public Participant fields: never e-mails, opt-ins or unsubscribe tokens. */
const publicColumns = {
  id: hp.id,
  year: hp.year,
  rank: hp.rank,
  carNumber: hp.carNumber,
  teamName: hp.teamName,
  driverFirstName: hp.driverFirstName,
  driverLastName: hp.driverLastName,
  coDriverFirstName: hp.coDriverFirstName,
  coDriverLastName: hp.coDriverLastName,
  carModel: hp.carModel,
  totalScore: hp.totalScore,
};

// Newest rally first; within a year by rank, unranked cars last.
const order = [sql`${hp.year} desc`, sql`${hp.rank} asc nulls last`, asc(hp.id)];

const yearParamsSchema = z.object({ year: z.coerce.number().int().min(1900).max(2100) });

const participantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const all = (): Promise<Participant[]> => app.db.select(publicColumns).from(hp).orderBy(...order);
  const ofYear = (year: number): Promise<Participant[]> => app.db.select(publicColumns).from(hp).where(eq(hp.year, year)).orderBy(...order);

  app.get('/api/participants', async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/json').send(await app.publicCache.json('participants', all)),
  );

  app.get('/api/participants/:year', { schema: { params: yearParamsSchema } }, async (request, reply) => {
    const { year } = request.params;
    const body = await app.publicCache.json(`participants:${year}`, () => ofYear(year));
    return reply.header('Cache-Control', 'no-cache').type('application/json').send(body);
  });
};

export default participantsRoutes;
