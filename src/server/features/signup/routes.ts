import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signupCreatedSchema, signupSchema } from '../../../common/schemas/signup';
import { signups } from '../../db/schema';
import { HttpError, badRequest } from '../../errors';
import { enforce } from '../../services/rate-limit';
import { signupLimits } from './limits';
import { siteOrigin } from '../../services/site-links';
import { confirmationEmail } from './confirmation-email';
import { ALREADY_REGISTERED, findEntryClash, lockEntryEmails } from '../../services/entry-clash';
import { theRow } from '../../db/rows';
import { optIn } from '../../services/contact-consent';

/** How a team registration's newsletter tick is recorded on the contact. */
const CONSENT_SOURCE = 'registration';
import { driverInvitationLink, sendCoDriverInvitation } from '../../services/send-team-invitations';
import { lockRallyPlaces, registrationStatus } from '../../services/rally-places';
import { registrationStatusSchema } from '../../../common/schemas/entry-status';
import { registrationClosedText, seasonPhase } from '../../../common/season-phase';
import { sendCachedJson } from '../../plugins/compression';
import { notifyOrganisers } from '../../services/organiser-notifications';
import { sendPromisedMail } from '../../services/mail-queue';

/** POST /api/signup (the spec's POST /api/signups): a team registers (no login needed), and the driver gets a confirmation e-mail. */
const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/signup', { schema: { body: signupSchema, response: { 201: signupCreatedSchema } } }, async (request, reply) => {
    // Room for a club registering several cars from one address, not for a flood.
    await enforce(app.db, signupLimits(app.config, request.ip), reply);
    const user = request.currentUser;
    // Linked at once only to a verified account whose own address is the driver's. Otherwise the
    // team links when that address is verified, never to an account that is verified already.
    const owner = user?.emailVerifiedAt && user.email.toLowerCase() === request.body.driverEmail.trim().toLowerCase() ? user : null;
    const settings = await app.rallySettings();
    const { newsletterOptIn, ...entry } = request.body;
    const { driverEmail, coDriverEmail } = entry;
    // The public registers for the current season; an organiser may enter a team for another year.
    const rallyYear = request.body.rallyYear ?? settings.year;
    if (rallyYear !== settings.year && !user?.isAdmin) throw badRequest(`Registration is open for the ${settings.year} rally only.`);
    const emails = [driverEmail, coDriverEmail];
    const signup = await app.db.transaction(async (tx) => {
      // One team per person per rally year (services/entry-clash.ts: a named co-driver holds no place until
      // they accept); an organiser may still enter a team for anyone.
      if (!user?.isAdmin) {
        await lockEntryEmails(tx, rallyYear, emails);
        if (await findEntryClash(tx, rallyYear, emails)) throw new HttpError(409, ALREADY_REGISTERED);
      }
      // Past the car limit a team joins the waiting list; after the closing date only organisers add teams.
      await lockRallyPlaces(tx, settings, rallyYear);
      const places =
        rallyYear === settings.year
          ? await registrationStatus(tx, settings, app.clock())
          : { open: true, full: false, phase: 'open' as const, opensAt: null, closesAt: null, resultsPublished: false };
      if (!places.open && !user?.isAdmin)
        throw new HttpError(409, registrationClosedText(rallyYear, places.phase, places.opensAt, app.clock()));
      const rows = await tx
        .insert(signups)
        .values({
          ...entry,
          rallyYear,
          userId: owner?.id ?? null,
          sponsors: [],
          status: places.full ? 'waiting_list' : 'registered',
        })
        .returning();
      const created = theRow(rows, 'the new team');
      // The driver's contact exists now (a trigger feeds it); their tick is their opt-in. Only the
      // driver can consent for themself: the co-driver's address was typed by someone else.
      if (newsletterOptIn) await optIn(tx, driverEmail, CONSENT_SOURCE);
      return created;
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
    notifyOrganisers(app, settings, 'teamRegistered', signup);
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

  // Every page's menu and first screen read it (the season's story: season-phase.ts), so it is a
  // cached public answer the server rendering can carry. It changes with the teams, the published
  // results and the settings (the public data version) and with the calendar's phase (the key).
  app.get('/api/signup/status', { schema: { response: { 200: registrationStatusSchema } } }, async (request, reply) => {
    const settings = await app.rallySettings();
    const now = app.clock();
    const answer = await app.publicCache.answer(`signup-status:${seasonPhase(settings, now)}`, () =>
      registrationStatus(app.db, settings, now),
    );
    return sendCachedJson(request, reply, answer);
  });
};

export default signupRoutes;
