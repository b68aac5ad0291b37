import { moneyStory } from '../../common/money-story';
import type { RallySettings } from '../../common/schemas/rally-settings';
import type { Signup } from '../db/schema';
import { emailLayout } from './email-layout';
import type { MailMessage } from './mail';

/** To the driver of a team that moved off the waiting list: the place is theirs once the deposit is paid. */
export function placeOfferedEmail(s: Signup, rally: RallySettings, dashboardLink: string): MailMessage {
  return {
    to: s.driverEmail,
    subject: `A place has come free: ${s.teamName}, ${rally.productName} ${s.rallyYear}`,
    ...emailLayout({
      greeting: `Dear ${s.driverFirstName},`,
      body: [
        `Good news: a place has come free on the ${rally.productName} ${s.rallyYear}, and ${s.teamName} is off the waiting list.`,
        [`${moneyStory(rally).depositStep} `, { link: rally.depositLink }],
        ['Your dashboard shows your status: ', { link: dashboardLink }],
      ],
    }),
  };
}
