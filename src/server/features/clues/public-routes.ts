import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayStorySchema, publicStandingsSchema } from '../../../common/schemas/clues';
import { rallyYear } from '../../../common/schemas/primitives';
import { sendCachedJson } from '../../plugins/compression';
import { keptLiveAnswer } from '../../services/live-answer';
import { visibleUpdatesOfYear } from './year-updates';
import { dayStory } from './day-story';
import { computeStandings, publicVisitsBefore, toPublicStanding } from '../../services/standings';

/**
 * How old the kept standings may be: a clue's release time passing changes each team's progress
 * (clues released) and sends no event, so it shows within this long.
 */
export const STANDINGS_KEEP_MS = 10_000;

/**
 * The hunt's public standings for /live: team, rank, totals and progress, never an answer or a
 * position; check-ins count among places visited only once past the map's delay (publicVisitsBefore). A public plugin (the feature's index.ts): the same answer for everyone, no session.
 *
 * Built once per change per instance (services/live-answer.ts), not once per request: every open
 * /live page asks again when `standings.changed` arrives. Sent `no-cache` with an ETag, so a page
 * asking after a change that moved nothing public gets a 304.
 */
const publicClueRoutes: FastifyPluginAsyncZod = async (app) => {
  const standings = keptLiveAnswer(app.live, {
    kinds: ['standings.changed'],
    maxAgeMs: STANDINGS_KEEP_MS,
    build: async () => {
      const rally = await app.rallySettings();
      const teams = await computeStandings(app.db, rally, app.clock(), publicVisitsBefore(rally));
      // The cache sends ready bytes (the serializer does not see them), so the schema strips first.
      return publicStandingsSchema.parse({ year: rally.year, teams: teams.map(toPublicStanding) });
    },
  });
  app.addHook('onClose', async () => standings.stop());

  app.get('/api/clues/standings', { schema: { response: { 200: publicStandingsSchema } } }, async (request, reply) =>
    sendCachedJson(request, reply, await standings.get()),
  );

  // The day-by-day story on /rally/{year} (day-story.ts): empty until the rally's last day is over.
  app.get(
    '/api/clues/:year/story',
    { schema: { params: z.object({ year: rallyYear() }), response: { 200: dayStorySchema } } },
    async (request) => dayStory(app.db, request.params.year, app.clock(), (year) => visibleUpdatesOfYear(app.db, year)),
  );
};

export default publicClueRoutes;
