import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../errors';
import { recordAudit } from '../../services/audit';
import { audienceMembers, countAudience, type Audience } from '../../services/contact-audience';
import { siteOrigin } from '../../services/site-links';
import { audienceCountSchema, bulkSendAnswerSchema, teamAudienceQuerySchema, teamEmailSchema } from '../../../common/schemas/bulk-email';
import { plainTextContent } from './content';
import { messageIdDomain } from '../../services/bulk-outbox';
import { createBulkSend } from '../../services/bulk-outbox';
import { selectedTeamIds } from './selected-teams';

/**
 * A message about the entry to teams an organiser ticked: operational mail, so it reaches their
 * drivers and co-drivers whatever their newsletter choice, by the same rule (and the same outbox,
 * pacing and last check before each message) as the "registered users" send. Bounced addresses are
 * left out, and an address on two of the teams gets one message.
 */
const audienceOf = (signupIds: number[]): Audience => ({ kind: 'operational', onlyOptedIn: false, signupIds });

const teamMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/bulk-mail/teams/audience-count',
    { schema: { querystring: teamAudienceQuerySchema, response: { 200: audienceCountSchema } } },
    async (request) => {
      const ids = await selectedTeamIds(app.db, request.query.signupIds, (await app.rallySettings()).year);
      return { count: await countAudience(app.db, audienceOf(ids)), kind: 'operational' as const };
    },
  );

  app.post(
    '/api/admin/bulk-mail/teams',
    { schema: { body: teamEmailSchema, response: { 200: bulkSendAnswerSchema } } },
    async (request) => {
      const { subject, message } = request.body;
      const ids = await selectedTeamIds(app.db, request.body.signupIds, (await app.rallySettings()).year);
      const audience = audienceOf(ids);
      const recipients = await audienceMembers(app.db, audience);
      if (recipients.length === 0) {
        throw new HttpError(400, 'None of the selected teams has an address that can be e-mailed (bounced addresses are left out).');
      }
      const sendId = await app.db.transaction(async (tx) => {
        const id = await createBulkSend(
          tx,
          {
            subject,
            ...plainTextContent(message),
            recipientType: 'selected_teams',
            kind: audience.kind,
            audience,
            onlyOptedIn: false,
            createdByUserId: request.currentUser?.id ?? null,
            siteUrl: siteOrigin(app.config),
          },
          recipients,
          messageIdDomain(app.config.MAIL_FROM),
        );
        await recordAudit(tx, request, {
          action: 'email.team_send',
          targetType: 'bulk_send',
          targetId: id,
          details: { subject, teams: ids.length, signupIds: ids, recipients: recipients.length },
        });
        return id;
      });
      await app.bulkMail.wake(sendId);
      const n = recipients.length;
      return {
        message: `Email queued for ${n} address${n === 1 ? '' : 'es'} in ${ids.length} team${ids.length === 1 ? '' : 's'}`,
        sent: n,
        bulkSendId: sendId,
      };
    },
  );
};

export default teamMailRoutes;
