import escapeHtml from 'escape-html';
import { rallyDates } from '../../../common/rally-dates';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Signup } from '../../db/schema';
import type { MailMessage } from '../../services/mail';

/**
 * The invitation to a newly named co-driver: who invited them to which team, and the single-use
 * link on which they accept (the team then shows on the dashboard of the account with this
 * address) or decline (their name leaves the team and the driver is told). Until then nothing is shared.
 */
export function coDriverInvitationEmail(s: Signup & { coDriverEmail: string }, rally: RallySettings, invitationLink: string): MailMessage {
  const driver = `${s.driverFirstName} ${s.driverLastName}`;
  const event = `${rally.productName} ${s.rallyYear}`;
  const subject = `${driver} has named you co-driver of ${s.teamName}`;
  const text = [
    `Dear ${s.coDriverFirstName ?? 'co-driver'},`,
    '',
    `${driver} has named you as the co-driver of ${s.teamName} for the ${event}, ${rally.routeLabel}, ${rallyDates(rally)}.`,
    '',
    `Accept or decline here: ${invitationLink}`,
    '',
    'Once you accept, log in (or create an account) with this e-mail address to see the team and keep your own details, sponsors and donations up to date.',
    '',
    `If you did not expect this, decline or ignore this e-mail: you are not on the team until you accept. Questions? Write to ${rally.supportEmail}.`,
    '',
    `The ${rally.productName} team`,
  ].join('\n');
  const html = `<div style="font-family:Arial,Helvetica,sans-serif;color:#0f2a4a;max-width:600px">
<h1 style="font-size:22px">You are invited to join a team</h1>
<p>Dear ${escapeHtml(s.coDriverFirstName ?? 'co-driver')},</p>
<p>${escapeHtml(driver)} has named you as the co-driver of <strong>${escapeHtml(s.teamName)}</strong> for the ${escapeHtml(event)}, ${escapeHtml(rally.routeLabel)}, ${escapeHtml(rallyDates(rally))}.</p>
<p><a href="${escapeHtml(invitationLink)}" style="display:inline-block;background:#f4c247;color:#0a1c33;padding:12px 20px;border-radius:8px;font-weight:bold;text-decoration:none">Accept or Decline</a></p>
<p>Once you accept, log in (or create an account) with this e-mail address to see the team and keep your own details, sponsors and donations up to date.</p>
<p>If you did not expect this, decline or ignore this e-mail: you are not on the team until you accept. Questions? Write to <a href="mailto:${escapeHtml(rally.supportEmail)}">${escapeHtml(rally.supportEmail)}</a>.</p>
</div>`;
  return { to: s.coDriverEmail, subject, text, html };
}

/** The driver is told that the person they named declined: their dashboard lets them invite someone else. */
export function coDriverDeclinedEmail(s: Signup, rally: RallySettings, dashboardLink: string): MailMessage {
  const coDriver = [s.coDriverFirstName, s.coDriverLastName].filter(Boolean).join(' ') || 'The person you named';
  const subject = `${coDriver} declined to join ${s.teamName}`;
  const text = [
    `Dear ${s.driverFirstName},`,
    '',
    `${coDriver} has declined your invitation to be the co-driver of ${s.teamName}. You can invite someone else from your dashboard: ${dashboardLink}`,
    '',
    `The ${rally.productName} team`,
  ].join('\n');
  const html = `<div style="font-family:Arial,Helvetica,sans-serif;color:#0f2a4a;max-width:600px">
<p>Dear ${escapeHtml(s.driverFirstName)},</p>
<p>${escapeHtml(coDriver)} has declined your invitation to be the co-driver of <strong>${escapeHtml(s.teamName)}</strong>. You can invite someone else from <a href="${escapeHtml(dashboardLink)}">your dashboard</a>.</p>
</div>`;
  return { to: s.driverEmail, subject, text, html };
}
