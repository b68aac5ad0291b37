import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRallyMessageListSchema,
  adminRallyMessageSchema,
  controlRoomSchema,
  rallyMessageInputSchema,
  sosResolveSchema,
  sosSchema,
} from '../../../common/schemas/control-room';
import { recordId } from '../../../common/schemas/primitives';
import { controlRoom } from './control-room-view';
import { seasonMessages, sendRallyMessage } from './messages';
import { startPushWorker } from './push-send';
import { resolveSos, seeSos } from './sos';
import { startControlRoomWatch } from './watch';

const idParams = z.object({ id: recordId() });

/**
 * The organisers' control room (docs/features/control-room.md): every team's last position and
 * contact, open SOS alerts, and messages to teams. Changes are audited in their own transaction.
 */
const controlRoomAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.workerStarters.push(startPushWorker, startControlRoomWatch);

  app.get('/api/admin/control-room', { schema: { response: { 200: controlRoomSchema } } }, async () =>
    controlRoom(app.db, await app.rallySettings(), app.clock()),
  );

  app.post(
    '/api/admin/control-room/sos/:id/resolve',
    { schema: { params: idParams, body: sosResolveSchema, response: { 200: sosSchema } } },
    async (request) => resolveSos(app, request, await app.rallySettings(), request.params.id, request.body.note, app.clock()),
  );

  app.post('/api/admin/control-room/sos/:id/seen', { schema: { params: idParams, response: { 200: sosSchema } } }, async (request) =>
    seeSos(app, request, await app.rallySettings(), request.params.id, app.clock()),
  );

  app.get('/api/admin/control-room/messages', { schema: { response: { 200: adminRallyMessageListSchema } } }, async () =>
    seasonMessages(app.db, (await app.rallySettings()).year),
  );

  app.post(
    '/api/admin/control-room/messages',
    { schema: { body: rallyMessageInputSchema, response: { 201: adminRallyMessageSchema } } },
    async (request, reply) => reply.code(201).send(await sendRallyMessage(app, request, await app.rallySettings(), request.body)),
  );
};

export default controlRoomAdminRoutes;
