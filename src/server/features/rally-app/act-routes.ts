import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerInputSchema,
  answerResultSchema,
  checkInInputSchema,
  checkInResultSchema,
  hintResultSchema,
  hintTakeInputSchema,
} from '../../../common/schemas/clues';
import { appPositionSchema, positionAnswerSchema } from '../../../common/schemas/tracking';
import { createStorage } from '../../services/storage';
import { checkInResult } from './check-in-rules';
import { checkIn, submitAnswer, takeHint } from './team-acts';
import { rallyTeamOf } from '../../plugins/rally-team';
import { assertSharingOpen } from '../../services/sharing-period';
import { storePosition } from '../../services/team-positions';
import { publishUploadedImage, settleUpload } from '../../services/uploaded-images';

/**
 * The acts a team makes on the road with the rally app, under /api/my-rally-app beside its updates,
 * SOS and "All OK": answers, hints and check-ins (the hunt's rules, docs/features/clues.md) and
 * positions (docs/features/tracking.md). Each act carries an id made on the phone, so a retry
 * after lost signal gives the same result and never counts twice, and `madeAt`, the time it was
 * made. Apps loaded before these moved still post to /api/my-clues/… and /api/my-tracking/positions,
 * which reach these routes (src/server/spec-routes.ts).
 */
const rallyActRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config, app.signingKey);

  app.post('/api/my-rally-app/answers', { schema: { body: answerInputSchema, response: { 200: answerResultSchema } } }, async (request) => {
    const { rally, team, now } = await rallyTeamOf(app, request);
    const publishPhoto = async (uploadUrl: string) => {
      const { url } = await publishUploadedImage(app.db, storage, uploadUrl, 'clue-photos');
      await settleUpload(app.db, request, uploadUrl);
      return url;
    };
    return { answer: await submitAnswer({ db: app.db, rally, now, publishPhoto }, team, request.body) };
  });

  app.post('/api/my-rally-app/hints', { schema: { body: hintTakeInputSchema, response: { 200: hintResultSchema } } }, async (request) => {
    const { rally, team, now } = await rallyTeamOf(app, request);
    return { hint: await takeHint(app.db, rally, now, team, request.body) };
  });

  app.post(
    '/api/my-rally-app/check-ins',
    { schema: { body: checkInInputSchema, response: { 200: checkInResultSchema } } },
    async (request) => {
      const { rally, team, now } = await rallyTeamOf(app, request);
      const { visited } = await checkIn(app.db, rally, now, team, request.body);
      return { clientId: request.body.clientId, clueId: request.body.clueId, visited, result: checkInResult(visited) };
    },
  );

  // A position keeps the time the phone recorded it (recordedAt); dropped (stored: false) while sharing is off.
  app.post(
    '/api/my-rally-app/positions',
    { schema: { body: appPositionSchema, response: { 200: positionAnswerSchema } } },
    async (request) => {
      const { rally, team, now } = await rallyTeamOf(app, request);
      assertSharingOpen(rally, now);
      const { lat, lng, accuracy, recordedAt, clientId } = request.body;
      const fix = { lat, lng, accuracy, recordedAt: new Date(recordedAt) };
      return { stored: await storePosition(app.db, { signupId: team.id, rallyYear: rally.year }, 'app', fix, `app:${clientId}`) };
    },
  );
};

export default rallyActRoutes;
