import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { coDriverPatchSchema, type CoDriverInvitation, type MyTeamPatch } from '../../../common/schemas/signup';
import type { Db } from '../../db/client';
import { signups, type Signup } from '../../db/schema';
import { theRow } from '../../db/rows';
import { HttpError } from '../../errors';
import type { Limit } from '../../services/rate-limit';
import { entryEmails, findEntryClash, lockEntryEmails } from '../../services/entry-clash';
import type { MyTeam } from '../../services/my-team';
import { coDriverHadJoined, endFormerMemberAccess } from '../../services/member-access';
import { recordSponsors } from '../../services/sponsor-recorders';
import { coDriverKeepsOwnDetails, coDriverPersonalFields, noCoDriver } from '../../services/team-views';

export const CO_DRIVER_EDITS_ONLY =
  "As co-driver you can change your own details and the team's sponsors. The driver's details and the rest of the registration are the driver's to change.";
export const DRIVER_INVITES_ONLY = 'Only the driver can invite or change the co-driver.';
export const DRIVER_ONLY = "Only the driver can change the team's fundraising settings.";
export const DRIVER_WITHDRAWS_ONLY = 'Only the driver can withdraw the team.';
export const ON_ANOTHER_TEAM = 'This e-mail address is already on another team for this rally, so it cannot be your co-driver.';
export const NO_PENDING_INVITATION = 'There is no invitation waiting for an answer to send again.';
export const NOT_YOUR_OWN = 'Your co-driver needs an e-mail address of their own.';
export const CO_DRIVER_DETAILS_THEIRS =
  'Your co-driver has joined the team, so their phone, address and passport details are theirs to change.';

const HOUR = 60 * 60 * 1000;

/** Each invitation is an e-mail to an address the caller chose: a few per team, not a flood. */
export const invitationLimits = (userId: string, ip: string): Limit[] => [
  { key: `co-driver-invite:account:${userId}`, max: 5, windowMs: HOUR },
  { key: `co-driver-invite:ip:${ip}`, max: 30, windowMs: HOUR },
];

/**
 * A co-driver changes only their own details and the sponsors; a driver leaves a joined co-driver's
 * phone, address and passport to them (services/team-views.ts). 403 otherwise, before anything is written.
 */
export function assertMayChange(team: MyTeam, changes: object): void {
  const allowed = Object.keys(coDriverPatchSchema.shape);
  if (team.role === 'co-driver' && Object.keys(changes).some((k) => !allowed.includes(k))) throw new HttpError(403, CO_DRIVER_EDITS_ONLY);
  if (team.role === 'driver' && coDriverKeepsOwnDetails(team.signup) && touchesCoDriverDetails(changes)) {
    throw new HttpError(403, CO_DRIVER_DETAILS_THEIRS);
  }
}

const touchesCoDriverDetails = (changes: object) => coDriverPersonalFields.some((k) => k in changes);

/**
 * The driver's rule again, as the UPDATE's condition: the co-driver may accept between the read
 * that assertMayChange judged and the write. True unless the co-driver has joined (coDriverStatus).
 */
const coDriverNotJoined: SQL = or(isNull(signups.coDriverEmail), and(isNull(signups.coDriverAcceptedAt), isNull(signups.coDriverUserId)))!;

/** Saves a team member's edit of the registration (PATCH /api/my-dashboard/team), judged by assertMayChange first. */
export async function saveMyChanges(db: Db, team: MyTeam, changes: MyTeamPatch): Promise<Signup> {
  assertMayChange(team, changes);
  if (changes.sponsors) changes = { ...changes, sponsors: recordSponsors(team.role, team.signup.sponsors, changes.sponsors) };
  const guard = team.role === 'driver' && touchesCoDriverDetails(changes) ? coDriverNotJoined : undefined;
  const rows = await db
    .update(signups)
    .set(changes)
    .where(and(eq(signups.id, team.signup.id), guard))
    .returning();
  if (!rows.length && guard) throw new HttpError(403, CO_DRIVER_DETAILS_THEIRS);
  return theRow(rows, 'the updated team');
}

/** What only the driver may do (the team's fundraising settings, its co-driver, withdrawing): 403 for the co-driver. */
export function assertDriver(team: MyTeam, message = DRIVER_ONLY): void {
  if (team.role !== 'driver') throw new HttpError(403, message);
}

/**
 * Names the team's co-driver. A new address is a new invitation: the previous co-driver's access
 * ends at once, their own details (phone, address, passport) and acceptance go with them, and the
 * new person sees nothing until they accept. Naming the same person again only renews the link.
 * The address must not hold a place on another team of the rally year (one team per person).
 */
export async function setCoDriver(db: Db, team: Signup, invitation: CoDriverInvitation): Promise<Signup & { coDriverEmail: string }> {
  const [email] = entryEmails([invitation.email]);
  if (!email || entryEmails([team.driverEmail]).includes(email)) throw new HttpError(400, NOT_YOUR_OWN);
  const samePerson = entryEmails([team.coDriverEmail]).includes(email);
  const updated = await db.transaction(async (tx) => {
    await lockEntryEmails(tx, team.rallyYear, [email]);
    if (await findEntryClash(tx, team.rallyYear, [email], team.id)) throw new HttpError(409, ON_ANOTHER_TEAM);
    const rows = await tx
      .update(signups)
      .set({
        ...(samePerson ? {} : noCoDriver),
        coDriverFirstName: invitation.firstName,
        coDriverLastName: invitation.lastName,
        coDriverEmail: email,
        coDriverDeclinedAt: null,
      })
      .where(eq(signups.id, team.id))
      .returning();
    if (!samePerson) await endFormerMemberAccess(tx, team.id, coDriverHadJoined(team));
    return theRow(rows, 'the updated team');
  });
  return { ...updated, coDriverEmail: email };
}
