import escapeHtml from 'escape-html';
import { moneyStory } from '../../common/money-story';
import type { RallySettings } from '../../common/schemas/rally-settings';
import type { Signup } from '../db/schema';
import type { MailMessage } from './mail';

/** To the driver of a team that moved off the waiting list: the place is theirs once the deposit is paid. */
export function placeOfferedEmail(s: Signup, rally: RallySettings, dashboardLink: string): MailMessage {
  const subject = `A place has come free: ${s.teamName}, ${rally.productName} ${s.rallyYear}`;
  const lines = [
    `Dear ${s.driverFirstName},`,
    `Good news: a place has come free on the ${rally.productName} ${s.rallyYear}, and ${s.teamName} is off the waiting list.`,
    `${moneyStory(rally).depositStep} ${rally.depositLink}`,
    `Your dashboard shows your status: ${dashboardLink}`,
  ];
  return {
    to: s.driverEmail,
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
  };
}
