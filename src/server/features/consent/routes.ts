import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawText } from '../../../common/schemas/primitives';
import { consentAnswerSchema } from '../../../common/schemas/contacts';
import { HttpError } from '../../errors';
import { readLink, spendLink, type LinkPurpose } from '../../services/signed-link';
import { confirmSubscription, optedOutSince, optIn } from '../../services/contact-consent';

const INVALID = 'This link is not valid or has expired';
export const ALREADY_USED =
  'This link has already been used, so it changes nothing now. To hear from us again, please use Get Updates on the home page.';
export const OPTED_OUT_SINCE =
  'You unsubscribed after this link was sent, so it changes nothing now. To hear from us again, please use Get Updates on the home page.';

/**
 * The "Yes, keep me informed" link of a consent request, and the confirmation link of a Get
 * Updates subscription. The page posts the token (a GET would be followed by mail scanners).
 * Each link opts in once: used again (after an unsubscribe, say) it is refused and changes nothing.
 * Nor does a link sent before the person last opted out: their later choice stands.
 */
const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/consent',
    { schema: { body: z.object({ token: rawText(1000).min(1) }), response: { 200: consentAnswerSchema } } },
    async (request) => {
      const { token } = request.body;
      const asked = readLink(app.signingKey, 'consent', token);
      const link = asked ?? readLink(app.signingKey, 'confirm-updates', token);
      if (!link) throw new HttpError(400, INVALID);
      const { email, issuedAt } = link;
      const purpose: LinkPurpose = asked ? 'consent' : 'confirm-updates';
      // Spending the link and the opt-in commit together; a link that opts nobody in stays unspent.
      const contact = await app.db.transaction(async (tx) => {
        const db = tx;
        if (!(await spendLink(db, purpose, token))) throw new HttpError(410, ALREADY_USED);
        // Refused before anything is written, so the link stays unspent and the opt-out stands.
        if (await optedOutSince(db, email, issuedAt)) throw new HttpError(409, OPTED_OUT_SINCE);
        const row = asked ? await optIn(db, email, 'consent request') : await confirmSubscription(db, email);
        if (!row) throw new HttpError(400, INVALID);
        return row;
      });
      return { firstName: contact.firstName, message: 'Thank you. We will keep you informed about the rally.' };
    },
  );
};

export default consentRoutes;
