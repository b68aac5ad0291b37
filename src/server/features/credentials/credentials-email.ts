import type { RallySettings } from '../../../common/schemas/rally-settings';
import { emailLayout } from '../../services/email-layout';
import type { MailMessage } from '../../services/mail';

/**
 * The login e-mail an organiser sends to a driver: a single-use link to choose a password (never a
 * password in clear text).
 */
export function credentialsEmail(rally: RallySettings, to: string, firstName: string | null, link: string, loginUrl: string): MailMessage {
  return {
    to,
    subject: `Your ${rally.productName} ${rally.year} login`,
    ...emailLayout({
      greeting: firstName ? `Hello ${firstName},` : 'Hello,',
      body: [
        `Your team is registered for the ${rally.year} ${rally.productName} to ${rally.destination}. Your account on the rally website lets you keep your team details, sponsors and donations up to date.`,
        'Open this link to choose your password (it works once, for 72 hours):',
        { button: 'Choose a password and log in', href: link },
        ['Your login is this e-mail address: ', { strong: to }],
        ['Afterwards, log in at ', { link: loginUrl }],
        ['Questions? Write to ', { email: rally.supportEmail }, '.'],
      ],
      signOff: rally.productName,
    }),
  };
}
