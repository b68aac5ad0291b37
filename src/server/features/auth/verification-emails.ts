import escapeHtml from 'escape-html';
import type { MailMessage } from '../../services/mail';

const button = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:#f5b82e;color:#0b1530;padding:10px 18px;border-radius:8px;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a>`;

function message(to: string, subject: string, lines: string[], link: string, label: string): MailMessage {
  const text = [...lines.slice(0, -1), '', link, '', lines.at(-1)!, '', 'Jersey Charity Rally'].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
${lines
  .slice(0, -1)
  .map((l) => `<p>${escapeHtml(l)}</p>`)
  .join('\n')}
<p>${button(link, label)}</p>
<p>If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
<p>${escapeHtml(lines.at(-1)!)}</p>
<p>Jersey Charity Rally</p>
</body></html>`;
  return { to, subject, text, html };
}

/** Sent at sign-up and on "resend": the link that proves the mailbox and links the team. */
export function verificationEmail(to: string, firstName: string | null, link: string): MailMessage {
  return message(
    to,
    'Confirm your e-mail address for the Jersey Charity Rally',
    [
      firstName ? `Hello ${firstName},` : 'Hello,',
      'Please confirm that this is your e-mail address. Until you do, your account shows no team details.',
      'Open this link to confirm it (it works once, for 24 hours):',
      'If you did not create an account, ignore this e-mail: nothing happens without the link.',
    ],
    link,
    'Confirm my e-mail address',
  );
}

/** Sent to the owner of an address when someone tries to register it again; the account is unchanged. */
export function registrationAttemptEmail(to: string, firstName: string | null, resetLink: string): MailMessage {
  return message(
    to,
    'Someone tried to create a Jersey Charity Rally account with your address',
    [
      firstName ? `Hello ${firstName},` : 'Hello,',
      'Someone just tried to create a new account on the Jersey Charity Rally website with this e-mail address. Your account already exists and nothing about it has changed.',
      'If it was you and you have forgotten your password, or never set one, choose a new password here (the link works once, for 1 hour):',
      'If it was not you, ignore this e-mail: your account and password stay as they are.',
    ],
    resetLink,
    'Choose a new password',
  );
}
