import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hideTeamUpdateSchema, teamUpdateListSchema, teamUpdateSchema } from '../../../common/schemas/team-updates';
import { recordId } from '../../../common/schemas/primitives';
import { createStorage } from '../../services/storage';
import { setUpdateHidden } from './hide-update';
import { listUpdatesWithHidden } from '../../services/team-update-views';
import { updatesPersonalData } from './personal-data';

const idParams = z.object({ id: recordId() });

/** Organisers read the season's updates, hidden ones too, and hide or show one (audited). */
const teamUpdateAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The updates are in their teams' members' data download, and go with an erased driver's teams.
  app.personalDataParts.push(updatesPersonalData);
  const storage = createStorage(app.config, app.signingKey);

  app.get('/api/admin/team-updates', { schema: { response: { 200: teamUpdateListSchema } } }, async () =>
    listUpdatesWithHidden(app.db, { year: (await app.rallySettings()).year }),
  );

  app.post(
    '/api/admin/team-updates/:id/hide',
    { schema: { params: idParams, body: hideTeamUpdateSchema, response: { 200: teamUpdateSchema } } },
    async (request) => setUpdateHidden(app.db, storage, request, request.params.id, { hide: true, reason: request.body.reason }),
  );

  app.post('/api/admin/team-updates/:id/unhide', { schema: { params: idParams, response: { 200: teamUpdateSchema } } }, async (request) =>
    setUpdateHidden(app.db, storage, request, request.params.id, { hide: false }),
  );
};

export default teamUpdateAdminRoutes;
