import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { justGivingConfirmSchema, justGivingPageStatusSchema, justGivingSyncStatusSchema } from '../../../common/schemas/justgiving';
import { recordId } from '../../../common/schemas/primitives';
import { HttpError } from '../../errors';
import { recordActionAudit } from '../../services/audit';
import { confirmPage } from './confirm';
import { syncStatus } from './status';
import { syncJustGiving } from './sync';
import { startJustGivingSync, syncSettings } from './worker';

/**
 * Team totals from JustGiving: a job every 15 minutes, and for organisers the sync's state (last
 * read, failures per team), a "Sync now" and the check that a page is the team's. Nothing here is
 * public: failures and unconfirmed totals stay with organisers.
 */
const justGivingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.workerStarters.push(startJustGivingSync);
  const answer = { 200: justGivingSyncStatusSchema };

  app.get('/api/admin/justgiving', { schema: { response: answer } }, async () => {
    return syncStatus(app.db, syncSettings(app) !== null);
  });

  app.post('/api/admin/justgiving/sync', { schema: { response: answer } }, async (request) => {
    const settings = syncSettings(app);
    if (!settings) throw new HttpError(409, 'JustGiving is not set up: JUSTGIVING_APP_ID is missing from the configuration');
    // The sync writes as it reads JustGiving's pages, in its own short transactions (none is held
    // open over the network); its row records the outcome once it is done.
    const outcome = await syncJustGiving(app.db, settings, request.log);
    await recordActionAudit(app.db, request, { action: 'justgiving.sync', targetType: 'donation', details: outcome });
    return syncStatus(app.db, true);
  });

  // "This page is the team's": its total counts in public answers from now on.
  app.post(
    '/api/admin/justgiving/pages/:id/confirm',
    {
      schema: { params: z.object({ id: recordId() }), body: justGivingConfirmSchema, response: { 200: justGivingPageStatusSchema } },
    },
    async (request) => confirmPage(app.db, request, request.params.id, request.body.pageShortName, request.currentUser!.id),
  );
};

export default justGivingRoutes;
