import { rallyDates } from '../../common/rally-dates';
import type { RallySettings } from '../../common/schemas/rally-settings';
import type { Signup } from '../db/schema';
import type { MailMessage } from './mail';
import { emailLayout } from './email-layout';

/**
 * The invitation to a newly named co-driver: who invited them to which team, and the single-use
 * link on which they accept (the team then shows on the dashboard of the account with this
 * address) or decline (their name leaves the team and the driver is told). Until then nothing is shared.
 */
export function coDriverInvitationEmail(s: Signup & { coDriverEmail: string }, rally: RallySettings, invitationLink: string): MailMessage {
  const driver = `${s.driverFirstName} ${s.driverLastName}`;
  return {
    to: s.coDriverEmail,
    subject: `${driver} has named you co-driver of ${s.teamName}`,
    ...emailLayout({
      title: 'You are invited to join a team',
      greeting: `Dear ${s.coDriverFirstName ?? 'co-driver'},`,
      body: [
        [
          `${driver} has named you as the co-driver of `,
          { strong: s.teamName },
          ` for the ${rally.productName} ${s.rallyYear}, ${rally.routeLabel}, ${rallyDates(rally)}.`,
        ],
        { button: 'Accept or Decline', href: invitationLink },
        'Once you accept, log in (or create an account) with this e-mail address to see the team and keep your own details, sponsors and donations up to date.',
        [
          'If you did not expect this, decline or ignore this e-mail: you are not on the team until you accept. Questions? Write to ',
          { email: rally.supportEmail },
          '.',
        ],
      ],
      signOff: `The ${rally.productName} team`,
    }),
  };
}

/** The driver is told that the person they named declined: their dashboard lets them invite someone else. */
export function coDriverDeclinedEmail(s: Signup, rally: RallySettings, dashboardLink: string): MailMessage {
  const coDriver = [s.coDriverFirstName, s.coDriverLastName].filter(Boolean).join(' ') || 'The person you named';
  return {
    to: s.driverEmail,
    subject: `${coDriver} declined to join ${s.teamName}`,
    ...emailLayout({
      greeting: `Dear ${s.driverFirstName},`,
      body: [
        [
          `${coDriver} has declined your invitation to be the co-driver of `,
          { strong: s.teamName },
          '. You can invite someone else from your dashboard: ',
          { link: dashboardLink },
        ],
      ],
      signOff: `The ${rally.productName} team`,
    }),
  };
}
