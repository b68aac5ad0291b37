import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { bulkSendRecipients, bulkSends } from '../../db/schema';
import { readClick } from '../../services/signed-link';
import { countedLinks, fillHtml } from './content';

const NOT_VALID = 'This link is not valid. Please use the links in the e-mail as it arrived.';

/**
 * A counted link of a bulk e-mail (/l/{token}). The token names the send, the recipient's outbox
 * row and the link's place in the message; the address comes from the stored message as that
 * recipient got it, never from the request, so this is no open redirect. The first click of each
 * recipient on any link of the send is recorded; later ones only redirect.
 */
const clickRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/l/:token', { schema: { params: z.object({ token: z.string().max(200) }) } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const click = readClick(app.signingKey, request.params.token);
    const [found] = click
      ? await app.db
          .select({ html: bulkSends.html, mergeFields: bulkSendRecipients.mergeFields })
          .from(bulkSendRecipients)
          .innerJoin(bulkSends, eq(bulkSends.id, bulkSendRecipients.bulkSendId))
          .where(and(eq(bulkSendRecipients.id, click.recipientId), eq(bulkSendRecipients.bulkSendId, click.sendId)))
      : [];
    const target = found && click ? countedLinks(fillHtml(found.html, found.mergeFields))[click.link] : undefined;
    if (!click || !target) return reply.code(404).type('text/plain; charset=utf-8').send(NOT_VALID);
    await app.db
      .update(bulkSendRecipients)
      .set({ clickedAt: new Date() })
      .where(and(eq(bulkSendRecipients.id, click.recipientId), isNull(bulkSendRecipients.clickedAt)));
    return reply.redirect(target, 302);
  });
};

export default clickRoutes;
