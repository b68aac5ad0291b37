import escapeHtml from 'escape-html';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { MailMessage } from '../../services/mail';

/**
 * The login e-mail an organiser sends to a driver: a single-use link to choose a password (never a
 * password in clear text), plain text for every client and a simple HTML part.
 */
export function credentialsEmail(rally: RallySettings, to: string, firstName: string | null, link: string, loginUrl: string): MailMessage {
  const hello = firstName ? `Hello ${firstName},` : 'Hello,';
  const text = [
    hello,
    '',
    `Your team is registered for the ${rally.year} ${rally.productName} to ${rally.destination}.`,
    'Your account on the rally website lets you keep your team details, sponsors and donations up to date.',
    '',
    'Open this link to choose your password (it works once, for 72 hours):',
    '',
    link,
    '',
    `Your login is this e-mail address: ${to}`,
    `Afterwards, log in at ${loginUrl}`,
    '',
    `Questions? Write to ${rally.supportEmail}.`,
    '',
    rally.productName,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(hello)}</p>
<p>Your team is registered for the ${rally.year} ${escapeHtml(rally.productName)} to ${escapeHtml(rally.destination)}.
Your account on the rally website lets you keep your team details, sponsors and donations up to date.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#f5b82e;color:#0b1530;padding:10px 18px;border-radius:8px;font-weight:bold;text-decoration:none">Choose your password</a></p>
<p>The link works once, for 72 hours. If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
<p>Your login is this e-mail address: <strong>${escapeHtml(to)}</strong><br>Afterwards, log in at <a href="${escapeHtml(loginUrl)}">${escapeHtml(loginUrl)}</a></p>
<p>Questions? Write to <a href="mailto:${escapeHtml(rally.supportEmail)}">${escapeHtml(rally.supportEmail)}</a>.</p>
<p>${escapeHtml(rally.productName)}</p>
</body></html>`;
  return { to, subject: `Your ${rally.productName} ${rally.year} login`, text, html };
}
