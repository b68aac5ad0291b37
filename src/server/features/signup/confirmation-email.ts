import { rallyDates } from '../../../common/rally-dates';
import { moneyStory } from '../../../common/money-story';
import { waitingListDepositText } from '../../../common/waiting-list-deposit';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Signup } from '../../db/schema';
import type { MailMessage } from '../../services/mail';
import { emailLayout, type Paragraph } from '../../services/email-layout';

/** The lines of the registration summary, as label and value; empty values are left out. */
function summary(s: Signup): [string, string][] {
  const coDriver = [s.coDriverFirstName, s.coDriverLastName].filter(Boolean).join(' ');
  const car = [s.carYear, s.carMake, s.carModel].filter(Boolean).join(' ');
  const rows: [string, string | null][] = [
    ['Team name', s.teamName],
    ['Driver', `${s.driverFirstName} ${s.driverLastName}`],
    ['Driver email', s.driverEmail],
    ['Driver phone', s.driverPhone],
    ['Co-driver', coDriver || 'To be confirmed'],
    ['Vehicle', car || 'To be confirmed'],
    ['Registration plate', s.carRegistration],
    ['Emergency contact', `${s.emergencyContactName} (${s.emergencyContactRelationship}), ${s.emergencyContactPhone}`],
    ['Fundraising page', s.justGivingUrl],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

/**
 * The driver's confirmation: what was registered and the deposit link (spec: Registration Complete).
 * With `acceptLink` (someone else registered an address whose account is verified already), step 2
 * asks its owner to confirm the team is theirs before it shows on their dashboard.
 */
export function confirmationEmail(s: Signup, rally: RallySettings, siteUrl: string, acceptLink?: string): MailMessage {
  const money = moneyStory(rally);
  // The address rides along so that, signed out, the dashboard opens account creation with it filled in.
  const dashboard = `${siteUrl}/dashboard?${new URLSearchParams({ email: s.driverEmail })}`;
  // A team on the waiting list is told where it stands and is not asked for a deposit until a place is offered.
  const waiting = s.status === 'waiting_list';
  const payDeposit: Paragraph = waiting
    ? 'The rally is full, so your team is on the waiting list. We will e-mail you when a place is offered, and ask for the deposit then.'
    : [`${money.depositStep} `, { link: rally.depositLink }];
  const seeTeam: Paragraph = acceptLink
    ? ['Confirm this team is yours (or tell us it is not) to see it on your dashboard: ', { link: acceptLink }]
    : ['Create an account with this e-mail address to see and update your details: ', { link: dashboard }];
  return {
    to: s.driverEmail,
    subject: `Registration received: ${s.teamName}, ${rally.productName} ${s.rallyYear}`,
    ...emailLayout({
      title: 'Registration received',
      greeting: `Dear ${s.driverFirstName},`,
      body: [
        `Thank you for registering your team for the ${rally.productName} ${s.rallyYear}, ${rally.routeLabel}, ${rallyDates(rally)}.`,
        { rows: summary(s) },
        { heading: 'Costs and fundraising' },
        money.entryCostText,
        waiting ? waitingListDepositText(rally) : money.depositText,
        money.fundraisingText,
        { heading: 'What happens next' },
        { steps: [payDeposit, seeTeam, money.fundraisingStep] },
        ...(waiting ? [] : [{ button: 'Pay Deposit Now', href: rally.depositLink }]),
        ['Questions? Write to ', { email: rally.supportEmail }, '.'],
      ],
      signOff: `The ${rally.productName} team`,
    }),
  };
}
