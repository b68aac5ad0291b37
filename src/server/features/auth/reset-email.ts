import escapeHtml from 'escape-html';
import type { MailMessage } from '../../services/mail';

/** The forgotten-password message: plain text for every client, and a simple HTML part. */
export function resetPasswordEmail(to: string, firstName: string | null, link: string): MailMessage {
  const hello = firstName ? `Hello ${firstName},` : 'Hello,';
  const text = [
    hello,
    '',
    'Someone asked to reset the password of your Jersey Charity Rally account.',
    'Open this link to choose a new password (it works once, for 1 hour):',
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    'Jersey Charity Rally',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(hello)}</p>
<p>Someone asked to reset the password of your Jersey Charity Rally account.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#f5b82e;color:#0b1530;padding:10px 18px;border-radius:8px;font-weight:bold;text-decoration:none">Choose a new password</a></p>
<p>The link works once, for 1 hour. If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
<p>Jersey Charity Rally</p>
</body></html>`;
  return { to, subject: 'Reset your Jersey Charity Rally password', text, html };
}
