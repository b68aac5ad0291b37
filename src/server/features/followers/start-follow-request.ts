import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { FOLLOW_STARTED, type followTeamSchema } from '../../../common/schemas/followers';
import { enforce } from '../../services/rate-limit';
import { startFollow } from './follow';

const HOUR = 60 * 60 * 1000;
/** A family on one connection follows a few teams; a script filling inboxes does not get far. */
export const FOLLOW_LIMITS = {
  perIp: { max: 30, windowMs: HOUR },
  /** Confirmation e-mails to one address, whichever teams: nobody's inbox is flooded through us. */
  perAddress: { max: 5, windowMs: HOUR, message: 'Too many requests for this address. Please try again later.' },
};

/**
 * "Follow this team" on a team's page (the route lives with the team's other fundraising routes):
 * the limits, then the follow; one answer whatever the address's state.
 */
export async function followTeamRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  signupId: number,
  body: z.output<typeof followTeamSchema>,
): Promise<{ message: string }> {
  const email = body.email.trim().toLowerCase();
  await enforce(
    app.db,
    [
      { key: `follow:ip:${request.ip}`, ...FOLLOW_LIMITS.perIp },
      { key: `follow:email:${email}`, ...FOLLOW_LIMITS.perAddress },
    ],
    reply,
  );
  await startFollow(app, signupId, body, request.log);
  return { message: FOLLOW_STARTED };
}
