import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { yearParamSchema } from '../../../common/schemas/params';
import type { Participant } from '../../../common/participants';
import { historicParticipants as hp } from '../../db/schema';
import { sendCachedJson } from '../../plugins/compression';

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

const participantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const all = (): Promise<Participant[]> => app.db.select(publicColumns).from(hp).orderBy(...order);
  const ofYear = (year: number): Promise<Participant[]> => app.db.select(publicColumns).from(hp).where(eq(hp.year, year)).orderBy(...order);

  app.get('/api/participants', async (request, reply) => sendCachedJson(request, reply, await app.publicCache.answer('participants', all)));

  app.get('/api/participants/:year', { schema: { params: yearParamSchema } }, async (request, reply) => {
    const { year } = request.params;
    return sendCachedJson(request, reply, await app.publicCache.answer(`participants:${year}`, () => ofYear(year)));
  });
};

export default participantsRoutes;
