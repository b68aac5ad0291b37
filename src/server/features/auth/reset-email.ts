import { emailLayout } from '../../services/email-layout';
import type { MailMessage } from '../../services/mail';

/** The forgotten-password message. */
export function resetPasswordEmail(to: string, firstName: string | null, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Jersey Charity Rally password',
    ...emailLayout({
      greeting: firstName ? `Hello ${firstName},` : 'Hello,',
      body: [
        'Someone asked to reset the password of your Jersey Charity Rally account.',
        'Open this link to choose a new password (it works once, for 1 hour):',
        { button: 'Choose a new password', href: link },
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ],
      signOff: 'Jersey Charity Rally',
    }),
  };
}
