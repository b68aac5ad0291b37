import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { yearParamSchema } from '../../../common/schemas/params';
import { participantListSchema, type Participant } from '../../../common/schemas/participants';
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
  const all = (): Promise<Participant[]> =>
    app.db
      .select(publicColumns)
      .from(hp)
      .orderBy(...order);
  const ofYear = (year: number): Promise<Participant[]> =>
    app.db
      .select(publicColumns)
      .from(hp)
      .where(eq(hp.year, year))
      .orderBy(...order);

  // The cache sends ready bytes (the serializer does not see them), so the schema strips before caching;
  // the response schema declares the same shape for the web client.
  const publicOnly = (rows: Participant[]) => participantListSchema.parse(rows);
  const response = { 200: participantListSchema };

  app.get('/api/participants', { schema: { response } }, async (request, reply) =>
    sendCachedJson(request, reply, await app.publicCache.answer('participants', async () => publicOnly(await all()))),
  );

  app.get('/api/participants/:year', { schema: { params: yearParamSchema, response } }, async (request, reply) => {
    const { year } = request.params;
    return sendCachedJson(request, reply, await app.publicCache.answer(`participants:${year}`, async () => publicOnly(await ofYear(year))));
  });
};

export default participantsRoutes;
