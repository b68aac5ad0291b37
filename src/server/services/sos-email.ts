import { mapLink } from '../../common/map-link';
import { rallyTime, timesAreIn } from '../../common/rally-time';
import { arrivedLate } from '../../common/sos-arrival';
import type { RallySettings } from '../../common/schemas/rally-settings';
import type { SosAlert } from '../db/schema';
import { emailLayout, type Block } from './email-layout';
import type { MailMessage } from './mail';

/** "at 14:05", and when it arrived if later than that by over a minute: the team had no signal. */
export function madeAndArrived(alert: Pick<SosAlert, 'madeAt' | 'raisedAt'>, timeZone: string): string {
  const made = alert.madeAt ?? alert.raisedAt;
  const late = arrivedLate(made, alert.raisedAt);
  return `at ${rallyTime(made, timeZone)}${late ? ` (it reached the site at ${rallyTime(alert.raisedAt, timeZone)}: the phone had no signal until then)` : ''}`;
}

type Facts = { teamName: string; driverName: string; driverPhone: string; alert: SosAlert; controlRoom: string };

/**
 * The organisers' SOS e-mail: the team, when it was pressed (and arrived, if later), where the
 * phone was (if it said) and the driver's phone number, so whoever reads it first can act without
 * signing in. No other private details. Times are in the rally's zone, named once. With
 * `unacknowledgedFor` it is the second e-mail, to every organiser, for an SOS nobody has marked seen.
 */
export function sosEmail(to: string, rally: RallySettings, facts: Facts, unacknowledgedFor?: number): MailMessage {
  const { alert } = facts;
  const zone = rally.timeZone;
  const positionAt = alert.positionAt ?? alert.madeAt ?? alert.raisedAt;
  const where: Block =
    alert.latitude != null && alert.longitude != null
      ? [
          `Position sent with the SOS at ${rallyTime(positionAt, zone)}: ${alert.latitude.toFixed(5)}, ${alert.longitude.toFixed(5)}${alert.accuracyMetres != null ? ` (within ${Math.round(alert.accuracyMetres)} m)` : ''}: `,
          { link: mapLink(alert.latitude, alert.longitude) },
        ]
      : 'The phone sent no position: the control room shows the team’s last known one.';
  const team = `${facts.teamName} (${rally.productName} ${rally.year})`;
  return {
    to,
    subject: unacknowledgedFor === undefined ? `SOS: ${team}` : `UNACKNOWLEDGED SOS: ${team}`,
    ...emailLayout({
      title: unacknowledgedFor === undefined ? 'SOS from a team' : 'SOS not yet seen by any organiser',
      greeting: 'Organisers,',
      body: [
        ...(unacknowledgedFor === undefined
          ? []
          : [
              `No organiser has pressed “I’ve seen it” in the control room for ${unacknowledgedFor} minutes since this SOS arrived. Please call the team, then mark it seen.`,
            ]),
        [{ strong: facts.teamName }, ` raised an SOS in the rally app ${madeAndArrived(alert, zone)}.`],
        ...(alert.note ? [`Their note: ${alert.note}`] : []),
        where,
        {
          rows: [
            ['Driver', facts.driverName],
            ['Driver’s phone', facts.driverPhone],
          ],
        },
        timesAreIn(zone, alert.raisedAt),
        { button: 'Open the control room', href: facts.controlRoom },
      ],
      signOff: rally.productName,
    }),
  };
}
