import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signupCreatedSchema, signupSchema } from '../../../common/schemas/signup';
import type { Db } from '../../db/client';
import { signups } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { enforce } from '../../services/rate-limit';
import { authLimits } from '../auth';
import { siteOrigin } from '../../services/site-links';
import { confirmationEmail } from './confirmation-email';
import { ALREADY_REGISTERED, findEntryClash, lockEntryEmails } from './entry-clash';
import { theRow } from '../../db/rows';
import { lockRallyPlaces, registrationStatus } from '../../services/rally-places';
import { registrationStatusSchema } from '../../../common/schemas/entry-status';
import { rallyConfig } from '../../../common/rally-config';

/** POST /api/signups: a team registers (no login needed), and the driver gets a confirmation e-mail. */
const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/signups', { schema: { body: signupSchema, response: { 201: signupCreatedSchema } } }, async (request, reply) => {
    // Room for a club registering several cars from one address, not for a flood.
    await enforce(app.db, authLimits.signup(app.config, request.ip), reply);
    const user = request.currentUser;
    // Linked at once only to a verified account whose own address is the driver's. Otherwise the
    // team links when that address is verified, never to an account that is verified already.
    const owner = user?.emailVerifiedAt && user.email.toLowerCase() === request.body.driverEmail.trim().toLowerCase() ? user : null;
    const { rallyYear, driverEmail, coDriverEmail } = request.body;
    const emails = [driverEmail, coDriverEmail];
    const signup = await app.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // One team per person per rally year; an organiser may still enter a team for anyone.
      if (!user?.isAdmin) {
        await lockEntryEmails(tx, rallyYear, emails);
        if (await findEntryClash(tx, rallyYear, emails)) throw new HttpError(409, ALREADY_REGISTERED);
      }
      // Past the car limit a team joins the waiting list; after the closing date only organisers add teams.
      await lockRallyPlaces(tx, app.config, rallyYear);
      const places = await registrationStatus(tx, app.config, rallyYear);
      if (!places.open && !user?.isAdmin) throw new HttpError(409, `Registration for the ${rallyYear} rally is closed.`);
      const rows = await tx
        .insert(signups)
        .values({ ...request.body, userId: owner?.id ?? null, sponsors: [], status: places.full ? 'waiting_list' : 'registered' })
        .returning();
      return theRow(rows, 'the new team');
    });
    // Meanwhile this browser may add the car photo.
    if (!owner) request.session.createdSignupIds = [...(request.session.createdSignupIds ?? []).slice(-9), signup.id];

    try {
      await app.mailer.send(confirmationEmail(signup, siteOrigin(app.config)));
    } catch (err) {
      // The registration stands; the organisers can resend details from the admin page.
      request.log.error({ err, signupId: signup.id }, 'signup confirmation e-mail failed');
    }
    reply.code(201);
    return { id: signup.id, teamName: signup.teamName, status: signup.status };
  });

  app.get('/api/registration-status', { schema: { response: { 200: registrationStatusSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return registrationStatus(app.db, app.config, rallyConfig.year);
  });
};

export default signupRoutes;
