import { emailLayout } from '../../services/email-layout';
import type { MailMessage } from '../../services/mail';

type LinkMessage = { greeting: string; intro: string; lead: string; button: string; link: string; closing: string };

function message(to: string, subject: string, m: LinkMessage): MailMessage {
  return {
    to,
    subject,
    ...emailLayout({
      greeting: m.greeting,
      body: [m.intro, m.lead, { button: m.button, href: m.link }, m.closing],
      signOff: 'Jersey Charity Rally',
    }),
  };
}

/** Sent at sign-up and on "resend": the link that proves the mailbox and links the team. */
export function verificationEmail(to: string, firstName: string | null, link: string): MailMessage {
  return message(to, 'Confirm your e-mail address for the Jersey Charity Rally', {
    greeting: firstName ? `Hello ${firstName},` : 'Hello,',
    intro: 'Please confirm that this is your e-mail address. Until you do, your account shows no team details.',
    lead: 'Open this link to confirm it (it works once, for 24 hours):',
    button: 'Confirm my e-mail address',
    link,
    closing: 'If you did not create an account, ignore this e-mail: nothing happens without the link.',
  });
}

/** Sent to the owner of an address when someone tries to register it again; the account is unchanged. */
export function registrationAttemptEmail(to: string, firstName: string | null, resetLink: string): MailMessage {
  return message(to, 'Someone tried to create a Jersey Charity Rally account with your address', {
    greeting: firstName ? `Hello ${firstName},` : 'Hello,',
    intro:
      'Someone just tried to create a new account on the Jersey Charity Rally website with this e-mail address. Your account already exists and nothing about it has changed.',
    lead: 'If it was you and you have forgotten your password, or never set one, choose a new password here (the link works once, for 1 hour):',
    button: 'Choose a new password',
    link: resetLink,
    closing: 'If it was not you, ignore this e-mail: your account and password stay as they are.',
  });
}
