import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { emailLayout } from '../../services/email-layout';
import { emailUpdateSchema } from '../../../common/schemas/email-update';
import { okSchema } from '../../../common/schemas/answers';
import { contacts, emailUpdates } from '../../db/schema';
import { enforce } from '../../services/rate-limit';
import { signLink } from '../../services/signed-link';
import { siteLink } from '../../services/site-links';
import { confirmSubscription } from '../../services/contact-consent';

/** Generous for a family on one connection, tight enough to stop a script filling the list. */
export const SUBSCRIBE_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 };

export type EmailUpdatesOptions = { doubleOptIn?: boolean };

const emailUpdatesRoutes: FastifyPluginAsyncZod<EmailUpdatesOptions> = async (app, opts) => {
  /**
   * Subscribes a visitor to rally updates. Subscribing twice keeps one row (unique on the
   * lower-cased address) and still answers success, so the answer reveals nothing about who
   * is already on the list. With double opt-in (the default) the subscriber is opted in once
   * they follow the link we e-mail them; without it, at once.
   */
  app.post('/api/email-updates', { schema: { body: emailUpdateSchema, response: { 201: okSchema } } }, async (request, reply) => {
    await enforce(app.db, [{ key: `email-updates:ip:${request.ip}`, ...SUBSCRIBE_LIMIT }], reply);
    const { name, email } = request.body;
    await app.db.insert(emailUpdates).values({ name, email }).onConflictDoNothing();
    reply.code(201);
    const rally = await app.rallySettings();
    if (!(opts.doubleOptIn ?? rally.getUpdatesDoubleOptIn)) {
      await confirmSubscription(app.db, email);
      return { ok: true };
    }
    const [sub] = await app.db
      .select()
      .from(emailUpdates)
      .where(sql`lower(${emailUpdates.email}) = ${email.toLowerCase()}`);
    // Already on the list: nothing to confirm. Someone who confirmed once and then unsubscribed is
    // sent a fresh link (their old one is spent), so Get Updates is the way back onto the list.
    const [contact] = await app.db.select({ consent: contacts.consent }).from(contacts).where(eq(contacts.email, email.toLowerCase()));
    if (sub?.confirmedAt && contact?.consent === 'opted_in') return { ok: true };
    // From the configuration, never from the request's Host header (which the caller chooses).
    const link = siteLink(app.config, `/consent/${signLink(app.signingKey, 'confirm-updates', email)}`);
    try {
      await app.mailer.send({
        to: email,
        subject: `Please confirm: ${rally.productName} updates`,
        ...emailLayout({
          greeting: 'Hello,',
          body: [
            `Please confirm that you would like news about the ${rally.productName}.`,
            { button: 'Yes, keep me informed', href: link },
            'If you did not ask for this, ignore this e-mail and nothing more will come.',
          ],
        }),
      });
    } catch (err) {
      request.log.warn({ err: (err as Error).message }, 'subscription confirmation not sent');
    }
    return { ok: true };
  });
};

export default emailUpdatesRoutes;
