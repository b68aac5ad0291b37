import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signupCreatedSchema, signupSchema } from '../../../common/schemas/signup';
import type { Db } from '../../db/client';
import { signups } from '../../db/schema';
import { HttpError, badRequest } from '../../plugins/errors';
import { enforce } from '../../services/rate-limit';
import { authLimits } from '../auth';
import { siteOrigin } from '../../services/site-links';
import { confirmationEmail } from './confirmation-email';
import { ALREADY_REGISTERED, findEntryClash, lockEntryEmails } from './entry-clash';
import { theRow } from '../../db/rows';
import { driverInvitationLink, sendCoDriverInvitation } from '../dashboard';
import { lockRallyPlaces, registrationStatus } from '../../services/rally-places';
import { sendPromisedMail } from '../../services/mail-queue';
import { registrationStatusSchema, type RegistrationStatus } from '../../../common/schemas/entry-status';

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** Why the public cannot register now: not open yet (and when it opens), or closed. */
function notOpenMessage(year: number, places: RegistrationStatus, now = new Date()): string {
  if (places.opensAt && now < new Date(places.opensAt))
    return `Registration for the ${year} rally opens on ${longDate.format(new Date(places.opensAt))}.`;
  return `Registration for the ${year} rally is closed.`;
}

/** POST /api/signups: a team registers (no login needed), and the driver gets a confirmation e-mail. */
const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/signups', { schema: { body: signupSchema, response: { 201: signupCreatedSchema } } }, async (request, reply) => {
    // Room for a club registering several cars from one address, not for a flood.
    await enforce(app.db, authLimits.signup(app.config, request.ip), reply);
    const user = request.currentUser;
    // Linked at once only to a verified account whose own address is the driver's. Otherwise the
    // team links when that address is verified, never to an account that is verified already.
    const owner = user?.emailVerifiedAt && user.email.toLowerCase() === request.body.driverEmail.trim().toLowerCase() ? user : null;
    const settings = await app.rallySettings();
    const { driverEmail, coDriverEmail } = request.body;
    // The public registers for the current season; an organiser may enter a team for another year.
    const rallyYear = request.body.rallyYear ?? settings.year;
    if (rallyYear !== settings.year && !user?.isAdmin) throw badRequest(`Registration is open for the ${settings.year} rally only.`);
    const emails = [driverEmail, coDriverEmail];
    const signup = await app.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // One team per person per rally year (entry-clash.ts: a named co-driver holds no place until
      // they accept); an organiser may still enter a team for anyone.
      if (!user?.isAdmin) {
        await lockEntryEmails(tx, rallyYear, emails);
        if (await findEntryClash(tx, rallyYear, emails)) throw new HttpError(409, ALREADY_REGISTERED);
      }
      // Past the car limit a team joins the waiting list; after the closing date only organisers add teams.
      await lockRallyPlaces(tx, settings, rallyYear);
      const places =
        rallyYear === settings.year ? await registrationStatus(tx, settings) : { open: true, full: false, opensAt: null, closesAt: null };
      if (!places.open && !user?.isAdmin) throw new HttpError(409, notOpenMessage(rallyYear, places));
      const rows = await tx
        .insert(signups)
        .values({
          ...request.body,
          rallyYear,
          userId: owner?.id ?? null,
          sponsors: [],
          status: places.full ? 'waiting_list' : 'registered',
        })
        .returning();
      return theRow(rows, 'the new team');
    });
    // Meanwhile this browser may add the car photo.
    if (!owner) request.session.createdSignupIds = [...(request.session.createdSignupIds ?? []).slice(-9), signup.id];

    try {
      // A driver address whose account is verified already is not linked here: its owner confirms.
      const acceptLink = await driverInvitationLink(app, signup);
      await sendPromisedMail(app, confirmationEmail(signup, settings, siteOrigin(app.config), acceptLink));
    } catch (err) {
      // Not even queued (the database refused the job): the registration stands; organisers can resend details.
      request.log.error({ err, signupId: signup.id }, 'signup confirmation e-mail failed');
    }
    // A named co-driver is invited: they are on the team only once they accept.
    if (signup.coDriverEmail) {
      try {
        await sendCoDriverInvitation(app, { ...signup, coDriverEmail: signup.coDriverEmail });
      } catch (err) {
        // The driver can send the invitation again from the dashboard.
        request.log.error({ err, signupId: signup.id }, 'co-driver invitation e-mail failed');
      }
    }
    reply.code(201);
    return { id: signup.id, teamName: signup.teamName, status: signup.status };
  });

  app.get('/api/registration-status', { schema: { response: { 200: registrationStatusSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return registrationStatus(app.db, await app.rallySettings());
  });
};

export default signupRoutes;
