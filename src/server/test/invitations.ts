import type { FastifyInstance } from 'fastify';
import type { TestApp } from './app';

/**
 * The token of the newest team-invitation link e-mailed to `email` (a co-driver invitation, or a
 * driver's confirmation asking them to confirm the team), as its owner would follow it.
 */
export function invitationToken(app: TestApp, email: string): string {
  const mail = [...app.mail.sent]
    .reverse()
    .find((m) => m.to.toLowerCase() === email.toLowerCase() && m.text.includes('/team-invitation?token='));
  const token = mail?.text.match(/\/team-invitation\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation link was e-mailed to ${email}`);
  return token;
}

/** Follows an invitation link's answer (accept or decline), signed in with `cookie` if given. */
export function answerInvitation(app: FastifyInstance, token: string, answer: 'accept' | 'decline' | 'view', cookie?: string) {
  return app.inject({ method: 'POST', url: `/api/dashboard/invitations/${answer}`, payload: { token }, headers: cookie ? { cookie } : {} });
}
