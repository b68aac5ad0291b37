import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../errors';
import { unsubscribeStateSchema, unsubscribeTokenParamSchema } from '../../../common/schemas/bulk-email';
import { findTokenOwner, optOut, optOutState, resubscribe } from './opt-out';
import { acceptOneClickPosts } from '../../services/one-click-post';

const INVALID = 'Invalid unsubscribe link';

/**
 * The personal unsubscribe link. GET only reads (link scanners and previews open links); the
 * page's button, or a mail client's RFC 8058 one-click POST, opts the address out.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const owner = async (token: string) => {
    const found = await findTokenOwner(app.db, token);
    if (!found) throw notFound(INVALID);
    return found;
  };

  const schema = { params: unsubscribeTokenParamSchema, response: { 200: unsubscribeStateSchema } };

  app.get('/api/unsubscribe/:token', { schema }, async (request) => {
    const o = await owner(request.params.token);
    return { firstName: o.firstName, lastName: o.lastName, ...(await optOutState(app.db, o.email)) };
  });

  app.post('/api/unsubscribe/:token', { schema }, async (request) => {
    const o = await owner(request.params.token);
    await optOut(app.db, o.email);
    return {
      firstName: o.firstName,
      lastName: o.lastName,
      ...(await optOutState(app.db, o.email)),
      message: 'You have been removed from the mailing list',
    };
  });

  // "Re-subscribe": undoes an unsubscribe made through this link a short while ago.
  app.post('/api/unsubscribe/:token/resubscribe', { schema }, async (request) => {
    const o = await owner(request.params.token);
    if (!(await resubscribe(app.db, o.email)))
      throw new HttpError(409, 'This link can no longer re-subscribe you. Please use Get Updates on the home page.');
    return {
      firstName: o.firstName,
      lastName: o.lastName,
      unsubscribed: false,
      canResubscribe: false,
      message: 'You are back on the mailing list',
    };
  });

  acceptOneClickPosts(app);
  app.post('/unsubscribe/:token', { schema: { params: unsubscribeTokenParamSchema } }, async (request, reply) => {
    const o = await owner(request.params.token);
    await optOut(app.db, o.email);
    return reply.type('text/plain').send('You have been removed from the mailing list.');
  });
};

export default unsubscribeRoutes;
