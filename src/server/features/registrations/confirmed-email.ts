import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { signups } from '../../db/schema';
import { plainTeamColumns, type PlainTeam } from './masking';
import type { MailMessage } from '../../services/mail';
import { emailLayout } from '../../services/email-layout';
import { siteLink } from '../../services/site-links';

/** To the driver of a team an organiser has confirmed: the place is theirs. */
export function placeConfirmedEmail(s: PlainTeam, rally: RallySettings, dashboardLink: string): MailMessage {
  return {
    to: s.driverEmail,
    subject: `Your place is confirmed: ${s.teamName}, ${rally.productName} ${s.rallyYear}`,
    ...emailLayout({
      greeting: `Dear ${s.driverFirstName},`,
      body: [
        `Your place on the ${rally.productName} ${s.rallyYear} is confirmed: ${s.teamName} is on the start line.`,
        ["Your dashboard keeps your team's details, sponsors and fundraising: ", { link: dashboardLink }],
        ['Questions? Write to ', { email: rally.supportEmail }, '.'],
      ],
    }),
  };
}

/** Queues the confirmation to each team just moved to "Confirmed"; the organiser's request does not wait for it. */
export async function tellConfirmedTeams(app: FastifyInstance, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rally = await app.rallySettings();
  const teams = await app.db.select(plainTeamColumns).from(signups).where(inArray(signups.id, ids));
  for (const team of teams) {
    // A team entered by an organiser without a driver address has no one to tell.
    if (!team.driverEmail) continue;
    const message = placeConfirmedEmail(team, rally, siteLink(app.config, '/dashboard'));
    app.background.run(
      app.log.child({ signupId: team.id }),
      'place-confirmed e-mail failed',
      async () => void (await app.mailer.send(message)),
    );
  }
}
