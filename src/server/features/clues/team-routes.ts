import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerInputSchema,
  answerResultSchema,
  checkInInputSchema,
  checkInResultSchema,
  hintResultSchema,
  hintTakeInputSchema,
  myRallySchema,
} from '../../../common/schemas/clues';
import { createStorage } from '../../services/storage';
import { publishUploadedImage, settleUpload } from '../uploads';
import { checkInResult } from './check-in-rules';
import { rallyTeamOf } from './rally-team';
import { checkIn, submitAnswer, takeHint } from './team-acts';
import { myRally } from './team-view';

/**
 * The team's side of the hunt, for the rally app on the driver's and co-driver's phones
 * (docs/features/clues.md). Each act carries an id made on the phone, so a retry after lost
 * signal gives the same result and never counts twice.
 */
const clueTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const user = { onRequest: app.requireUser };
  const storage = createStorage(app.config, app.signingKey);
  const teamOf = (request: FastifyRequest) => rallyTeamOf(app, request);

  app.get('/api/my-clues', { ...user, schema: { response: { 200: myRallySchema } } }, async (request) => {
    const { rally, team, now } = await teamOf(request);
    return myRally(app.db, rally, now, team);
  });

  app.post(
    '/api/my-clues/answers',
    { ...user, schema: { body: answerInputSchema, response: { 200: answerResultSchema } } },
    async (request) => {
      const { rally, team, now } = await teamOf(request);
      const publishPhoto = async (uploadUrl: string) => {
        const { url } = await publishUploadedImage(app.db, storage, uploadUrl, 'clue-photos');
        await settleUpload(app.db, request, uploadUrl);
        return url;
      };
      return { answer: await submitAnswer({ db: app.db, rally, now, publishPhoto }, team, request.body) };
    },
  );

  app.post(
    '/api/my-clues/hints',
    { ...user, schema: { body: hintTakeInputSchema, response: { 200: hintResultSchema } } },
    async (request) => {
      const { rally, team, now } = await teamOf(request);
      return { hint: await takeHint(app.db, rally, now, team, request.body) };
    },
  );

  app.post(
    '/api/my-clues/check-ins',
    { ...user, schema: { body: checkInInputSchema, response: { 200: checkInResultSchema } } },
    async (request) => {
      const { rally, team, now } = await teamOf(request);
      const { visited } = await checkIn(app.db, rally, now, team, request.body);
      return { clientId: request.body.clientId, clueId: request.body.clueId, visited, result: checkInResult(visited) };
    },
  );
};

export default clueTeamRoutes;
