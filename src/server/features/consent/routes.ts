import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawText } from '../../../common/schemas/primitives';
import { consentAnswerSchema } from '../../../common/schemas/contacts';
import { HttpError } from '../../plugins/errors';
import { verifyLink } from '../../services/signed-link';
import { confirmSubscription, optIn } from '../../services/contact-consent';

const INVALID = 'This link is not valid or has expired';

/**
 * The "Yes, keep me informed" link of a consent request, and the confirmation link of a Get
 * Updates subscription. The page posts the token (a GET would be followed by mail scanners).
 */
const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/consent',
    { schema: { body: z.object({ token: rawText(1000).min(1) }), response: { 200: consentAnswerSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { token } = request.body;
      const asked = verifyLink(app.signingKey, 'consent', token);
      const confirmed = asked ? null : verifyLink(app.signingKey, 'confirm-updates', token);
      const contact = asked
        ? await optIn(app.db, asked, 'consent request')
        : confirmed
          ? await confirmSubscription(app.db, confirmed)
          : null;
      if (!contact) throw new HttpError(400, INVALID);
      return { firstName: contact.firstName, message: 'Thank you. We will keep you informed about the rally.' };
    },
  );
};

export default consentRoutes;
