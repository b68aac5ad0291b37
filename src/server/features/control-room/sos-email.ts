import { mapLink } from '../../../common/map-link';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { SosAlert } from '../../db/schema';
import { emailLayout, type Block } from '../../services/email-layout';
import type { MailMessage } from '../../services/mail';

/**
 * The organisers' SOS e-mail: the team, when, where the phone was (if it said) and the driver's
 * phone number, so whoever reads it first can act without signing in. No other private details.
 */
export function sosEmail(
  to: string,
  rally: RallySettings,
  facts: { teamName: string; driverName: string; driverPhone: string; alert: SosAlert; controlRoom: string },
): MailMessage {
  const { alert } = facts;
  const where: Block =
    alert.latitude != null && alert.longitude != null
      ? [
          `Position sent with the SOS: ${alert.latitude.toFixed(5)}, ${alert.longitude.toFixed(5)}${alert.accuracyMetres != null ? ` (within ${Math.round(alert.accuracyMetres)} m)` : ''}: `,
          { link: mapLink(alert.latitude, alert.longitude) },
        ]
      : 'The phone sent no position: the control room shows the team’s last known one.';
  return {
    to,
    subject: `SOS: ${facts.teamName} (${rally.productName} ${rally.year})`,
    ...emailLayout({
      title: 'SOS from a team',
      greeting: 'Organisers,',
      body: [
        [{ strong: facts.teamName }, ` raised an SOS in the rally app at ${alert.raisedAt.toISOString().slice(11, 16)} UTC.`],
        ...(alert.note ? [`Their note: ${alert.note}`] : []),
        where,
        {
          rows: [
            ['Driver', facts.driverName],
            ['Driver’s phone', facts.driverPhone],
          ],
        },
        { button: 'Open the control room', href: facts.controlRoom },
      ],
      signOff: rally.productName,
    }),
  };
}
