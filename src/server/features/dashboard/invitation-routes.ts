import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invitationAnswerSchema, invitationSummarySchema, invitationTokenSchema } from '../../../common/schemas/signup';
import { enforce, type Limit } from '../../services/rate-limit';
import { isUnverifiedAccountOf, rememberProvenMailbox, verifyByProvenMailbox } from '../../services/mailbox-proof';
import { siteLink } from '../../services/site-links';
import { acceptInvitation, declineInvitation, describeInvitation } from '../../services/team-invitations';
import { coDriverDeclinedEmail } from '../../services/co-driver-invitation-email';

const HOUR = 60 * 60 * 1000;
/** Links carry 256 random bits; the limit only keeps a caller from hammering the table. */
const linkLimits = (ip: string): Limit[] => [{ key: `team-invitation:ip:${ip}`, max: 60, windowMs: HOUR }];

/**
 * The invitation page's calls (/team-invitation?token=...): the token travels in the body, never in
 * an API address. No login is needed: the e-mailed link is the proof that the caller owns the
 * address; the team then shows on the dashboard of the account with that address, which that proof
 * also verifies (signed in here, or created or signed in to from this browser within a day).
 */
const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dashboard/invitations/view',
    { schema: { body: invitationTokenSchema, response: { 200: invitationSummarySchema } } },
    async (request, reply) => {
      await enforce(app.db, linkLimits(request.ip), reply);
      return describeInvitation(app.db, request.body.token);
    },
  );

  app.post(
    '/api/dashboard/invitations/accept',
    { schema: { body: invitationTokenSchema, response: { 200: invitationAnswerSchema } } },
    async (request, reply) => {
      await enforce(app.db, linkLimits(request.ip), reply);
      const { team, role, email, accountId } = await acceptInvitation(app.db, request.body.token);
      request.log.info({ signupId: team.id, role }, 'team invitation accepted');
      let onMyDashboard = Boolean(accountId && accountId === request.currentUser?.id);
      // The link went to the address only: it proves the mailbox, so nobody confirms it twice.
      const user = request.currentUser;
      if (isUnverifiedAccountOf(user, email)) {
        if (await verifyByProvenMailbox(app.db, user.id)) {
          // Its other sessions ended; this browser gets a new one, as after a verification link.
          await request.session.regenerate();
          request.session.userId = user.id;
          onMyDashboard = true;
        }
      } else {
        // For the account this browser creates or signs in to next (services/mailbox-proof.ts).
        rememberProvenMailbox(request, email);
      }
      return { ok: true as const, teamName: team.teamName, onMyDashboard };
    },
  );

  app.post(
    '/api/dashboard/invitations/decline',
    { schema: { body: invitationTokenSchema, response: { 200: invitationAnswerSchema } } },
    async (request, reply) => {
      await enforce(app.db, linkLimits(request.ip), reply);
      const { team, role } = await declineInvitation(app.db, request.body.token);
      request.log.info({ signupId: team.id, role }, 'team invitation declined');
      if (role === 'co-driver') {
        try {
          await app.mailer.send(coDriverDeclinedEmail(team, await app.rallySettings(), siteLink(app.config, '/dashboard')));
        } catch (err) {
          // The decline stands; the driver's dashboard shows it either way.
          request.log.error({ err, signupId: team.id }, 'co-driver declined e-mail failed');
        }
      }
      return { ok: true as const, teamName: team.teamName, onMyDashboard: false };
    },
  );
};

export default invitationRoutes;
