import type { FastifyInstance } from 'fastify';
import { and, isNotNull, sql } from 'drizzle-orm';
import { users, type Signup } from '../db/schema';
import { siteLink } from './site-links';
import { coDriverInvitationEmail } from './co-driver-invitation-email';
import { issueInvitation } from './team-invitations';

/** The page an invitation link opens (web: pages/team-invitation-page.tsx). */
const invitationLink = (app: FastifyInstance, token: string) => siteLink(app.config, '/team-invitation', { token });

/** E-mails the team's named co-driver a fresh invitation link (the older link stops working). Throws when the mail fails. */
export async function sendCoDriverInvitation(app: FastifyInstance, team: Signup & { coDriverEmail: string }): Promise<void> {
  const token = await issueInvitation(app.db, team, 'co-driver');
  await app.mailer.send(coDriverInvitationEmail(team, await app.rallySettings(), invitationLink(app, token)));
}

/**
 * For a new team not linked to its driver's account although that address has a verified account
 * (someone else, or a signed-out browser, registered it): the link with which the address's owner
 * confirms the team is theirs, for the confirmation e-mail. Undefined when the team links the usual
 * way (at once, or at the address's first verification).
 */
export async function driverInvitationLink(app: FastifyInstance, team: Signup): Promise<string | undefined> {
  if (team.userId) return undefined;
  const [owner] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${team.driverEmail.trim().toLowerCase()}`, isNotNull(users.emailVerifiedAt)));
  if (!owner) return undefined;
  return invitationLink(app, await issueInvitation(app.db, team, 'driver'));
}
