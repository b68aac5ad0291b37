import type { FastifyInstance } from 'fastify';
import { entryStatusLabels } from '../../common/schemas/entry-status';
import type { OrganiserNotifications, RallySettings } from '../../common/schemas/rally-settings';
import type { Signup } from '../db/schema';
import type { MailMessage } from './mail';
import { siteLink } from './site-links';

/** The events the organisers may hear about; each has its own switch in the settings. */
export type OrganiserEvent = keyof Omit<OrganiserNotifications, 'address'>;

type Team = Pick<Signup, 'id' | 'teamName' | 'rallyYear' | 'status' | 'driverFirstName' | 'driverLastName'>;

/** What happened, in a line the organisers can act on; no private details of the team. */
function headline(event: OrganiserEvent, team: Team, detail?: string): { subject: string; line: string } {
  const driver = `${team.driverFirstName} ${team.driverLastName}`;
  switch (event) {
    case 'teamRegistered':
      return {
        subject: `New team: ${team.teamName}`,
        line: `${team.teamName} (driver ${driver}) has registered. Status: ${entryStatusLabels[team.status]}.`,
      };
    case 'depositPaid':
      return {
        subject: `Deposit paid: ${team.teamName}`,
        line: `${team.teamName} (driver ${driver}) has paid its deposit${detail ? ` (${detail})` : ''}.`,
      };
    case 'teamWithdrew':
      return {
        subject: `Team withdrawn: ${team.teamName}`,
        line: `${team.teamName} (driver ${driver}) has withdrawn from the rally${detail ? `. Reason given: ${detail}` : ''}.`,
      };
    case 'placeOffered':
      return {
        subject: `Off the waiting list: ${team.teamName}`,
        line: `A place came free and ${team.teamName} (driver ${driver}), at the top of the waiting list, has been given it. The driver has been asked to pay the deposit.`,
      };
  }
}

export function organiserNotice(to: string, event: OrganiserEvent, team: Team, rally: RallySettings, adminLink: string, detail?: string) {
  const { subject, line } = headline(event, team, detail);
  return {
    to,
    subject: `${subject} (${rally.productName} ${team.rallyYear})`,
    text: `${line}\n\nRegistrations: ${adminLink}\n`,
  } satisfies MailMessage;
}

/** Where e-mails to the organisers go: the notifications' address, or else the support address. */
export const organiserAddress = (rally: RallySettings) => rally.organiserNotifications.address || rally.supportEmail;

/**
 * Queues an e-mail to the organisers about a team when this season's settings ask for it. The
 * caller does not wait for it; a failed send is logged and changes nothing.
 */
export function notifyOrganisers(app: FastifyInstance, rally: RallySettings, event: OrganiserEvent, team: Team, detail?: string): void {
  const wanted = rally.organiserNotifications;
  if (!wanted[event]) return;
  const message = organiserNotice(organiserAddress(rally), event, team, rally, siteLink(app.config, '/admin'), detail);
  app.background.run(app.log, `organiser notification (${event}) failed`, async () => void (await app.mailer.send(message)));
}
