import escapeHtml from 'escape-html';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Signup } from '../../db/schema';
import type { MailMessage } from '../../services/mail';

/**
 * The invitation to a newly named co-driver: who invited them to which team, and a link to create
 * an account (or log in) with this address, which shows them the team once the address is confirmed.
 */
export function coDriverInvitationEmail(s: Signup & { coDriverEmail: string }, rally: RallySettings, registerLink: string): MailMessage {
  const driver = `${s.driverFirstName} ${s.driverLastName}`;
  const event = `${rally.productName} ${s.rallyYear}`;
  const subject = `${driver} has named you co-driver of ${s.teamName}`;
  const text = [
    `Dear ${s.coDriverFirstName ?? 'co-driver'},`,
    '',
    `${driver} has named you as the co-driver of ${s.teamName} for the ${event}, ${rally.routeLabel}, ${rally.datesShort}.`,
    '',
    `Create an account with this e-mail address (or log in if you have one) to see the team and keep your own details, sponsors and donations up to date: ${registerLink}`,
    '',
    `If you did not expect this, you can ignore this e-mail. Questions? Write to ${rally.supportEmail}.`,
    '',
    `The ${rally.productName} team`,
  ].join('\n');
  const html = `<div style="font-family:Arial,Helvetica,sans-serif;color:#0f2a4a;max-width:600px">
<h1 style="font-size:22px">You are on the team</h1>
<p>Dear ${escapeHtml(s.coDriverFirstName ?? 'co-driver')},</p>
<p>${escapeHtml(driver)} has named you as the co-driver of <strong>${escapeHtml(s.teamName)}</strong> for the ${escapeHtml(event)}, ${escapeHtml(rally.routeLabel)}, ${escapeHtml(rally.datesShort)}.</p>
<p>Create an account with this e-mail address (or log in if you have one) to see the team and keep your own details, sponsors and donations up to date.</p>
<p><a href="${escapeHtml(registerLink)}" style="display:inline-block;background:#f4c247;color:#0a1c33;padding:12px 20px;border-radius:8px;font-weight:bold;text-decoration:none">Join Your Team</a></p>
<p>If you did not expect this, you can ignore this e-mail. Questions? Write to <a href="mailto:${escapeHtml(rally.supportEmail)}">${escapeHtml(rally.supportEmail)}</a>.</p>
</div>`;
  return { to: s.coDriverEmail, subject, text, html };
}
