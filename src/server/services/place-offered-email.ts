import escapeHtml from 'escape-html';
import { rallyConfig } from '../../common/rally-config';
import type { Signup } from '../db/schema';
import type { MailMessage } from './mail';

/** To the driver of a team that moved off the waiting list: the place is theirs once the deposit is paid. */
export function placeOfferedEmail(s: Signup, dashboardLink: string): MailMessage {
  const subject = `A place has come free: ${s.teamName}, ${rallyConfig.productName} ${s.rallyYear}`;
  const lines = [
    `Dear ${s.driverFirstName},`,
    `Good news: a place has come free on the ${rallyConfig.productName} ${s.rallyYear}, and ${s.teamName} is off the waiting list.`,
    `Pay your £${rallyConfig.depositMinimum} deposit to secure it: ${rallyConfig.depositLink}`,
    `Your dashboard shows your status: ${dashboardLink}`,
  ];
  return {
    to: s.driverEmail,
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
  };
}
