import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signups, teamInvitations, users, type Signup, type TeamInvitation } from '../db/schema';
import type { InvitationSummary, TeamRole } from '../../common/schemas/signup';
import { theRow } from '../db/rows';
import { HttpError } from '../errors';
import { hashToken } from './password-tokens';
import { entryEmails, findEntryClash, lockEntryEmails } from './entry-clash';
import { coDriverHadJoined, endFormerMemberAccess } from './member-access';
import { noCoDriver } from './team-views';

/** An invitation link is good for 30 days: long enough to reach someone on holiday. */
export const INVITATION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const INVITATION_INVALID = 'This invitation link is invalid or has already been used.';
export const ALREADY_ON_A_TEAM = 'You are already on a team for this rally, so you cannot join another.';

/** The team's address for a role, as invitations compare it. */
const namedEmail = (team: Signup, role: TeamRole) => entryEmails([role === 'driver' ? team.driverEmail : team.coDriverEmail])[0];

/**
 * Issues the link for whoever the team names in `role` and returns the raw token; only its hash is
 * stored, and the team's older link for that role stops working (one live link per team and role).
 */
export async function issueInvitation(db: Db, team: Signup, role: TeamRole): Promise<string> {
  const email = namedEmail(team, role);
  if (!email) throw new Error('an invitation needs a named address');
  const raw = randomBytes(32).toString('base64url');
  const values = { signupId: team.id, role, email, token: hashToken(raw), expiresAt: new Date(Date.now() + INVITATION_TTL_MS) };
  await db
    .insert(teamInvitations)
    .values(values)
    .onConflictDoUpdate({ target: [teamInvitations.signupId, teamInvitations.role], set: { ...values, createdAt: new Date() } });
  return raw;
}

/** Forgets any link of the team for the role (the co-driver changed, declined or was erased). */
export async function revokeInvitation(db: Db, signupId: number, role: TeamRole): Promise<void> {
  await db.delete(teamInvitations).where(and(eq(teamInvitations.signupId, signupId), eq(teamInvitations.role, role)));
}

/**
 * Forgets the team's link for the role unless it went to `email` (an organiser changed the address:
 * the link to the previous address must not answer, even if that address is named again later).
 */
export async function revokeInvitationNotTo(db: Db, signupId: number, role: TeamRole, email: string | null): Promise<void> {
  const [current] = entryEmails([email]);
  await db
    .delete(teamInvitations)
    .where(
      and(eq(teamInvitations.signupId, signupId), eq(teamInvitations.role, role), current ? ne(teamInvitations.email, current) : undefined),
    );
}

/**
 * The live invitation of a raw token and its team, or a 404 error: unknown, used or expired, or the
 * team no longer names the address it went to (the driver named someone else meanwhile). `take`
 * deletes it as it is read (inside the caller's transaction), so a link answers once.
 */
async function liveInvitation(db: Db, raw: string, take: boolean): Promise<{ invitation: TeamInvitation; team: Signup }> {
  const byToken = eq(teamInvitations.token, hashToken(raw));
  const [invitation] = take
    ? await db.delete(teamInvitations).where(byToken).returning()
    : await db.select().from(teamInvitations).where(byToken);
  if (!invitation || invitation.expiresAt.getTime() <= Date.now()) throw new HttpError(404, INVITATION_INVALID);
  const [team] = await db.select().from(signups).where(eq(signups.id, invitation.signupId)).for('update');
  if (!team || namedEmail(team, invitation.role) !== invitation.email) throw new HttpError(404, INVITATION_INVALID);
  return { invitation, team };
}

/** What the invitation page shows: who invites the address to which team, as which role. */
export async function describeInvitation(db: Db, raw: string): Promise<InvitationSummary> {
  const { invitation, team } = await liveInvitation(db, raw, false);
  return {
    role: invitation.role,
    teamName: team.teamName,
    rallyYear: team.rallyYear,
    driverName: `${team.driverFirstName} ${team.driverLastName}`,
    email: invitation.email,
    firstName: invitation.role === 'driver' ? team.driverFirstName : team.coDriverFirstName,
    lastName: invitation.role === 'driver' ? team.driverLastName : team.coDriverLastName,
    // The car as the public team list shows it.
    car: [team.carYear, team.carMake, team.carModel].filter(Boolean).join(' ') || null,
  };
}

async function verifiedAccount(db: Db, email: string) {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNotNull(users.emailVerifiedAt)));
  return account;
}

/**
 * The owner of the address accepts: following the e-mailed link is the proof. The acceptance is
 * recorded on the team and the address's verified account (if it has one yet; otherwise its first
 * verification links it) sees the team. One team per person still holds: refused with 409, the
 * link kept, when the address already has a place this year. Returns the team, the address the
 * link went to (now proven: invitation-routes.ts) and the account linked.
 */
export async function acceptInvitation(
  db: Db,
  raw: string,
): Promise<{ team: Signup; role: TeamRole; email: string; accountId: string | null }> {
  return db.transaction(async (tx) => {
    const { invitation, team } = await liveInvitation(tx, raw, true);
    await lockEntryEmails(tx, team.rallyYear, [invitation.email]);
    if (await findEntryClash(tx, team.rallyYear, [invitation.email], team.id)) throw new HttpError(409, ALREADY_ON_A_TEAM);
    const account = await verifiedAccount(tx, invitation.email);
    const changes =
      invitation.role === 'co-driver'
        ? { coDriverAcceptedAt: new Date(), coDriverUserId: account?.id ?? null, coDriverDeclinedAt: null }
        : // A driver address with no verified account links at its first verification, as any registration does.
          { userId: account?.id ?? team.userId };
    const updated = theRow(await tx.update(signups).set(changes).where(eq(signups.id, team.id)).returning(), 'the accepted team');
    return { team: updated, role: invitation.role, email: invitation.email, accountId: account?.id ?? null };
  });
}

/**
 * The owner of the address declines. A co-driver's details leave the team and the driver's
 * dashboard shows the invitation declined; a driver address stays unlinked (the team claims
 * nothing of it). Returns the team as it was, for the driver's notice.
 */
export async function declineInvitation(db: Db, raw: string): Promise<{ team: Signup; role: TeamRole }> {
  return db.transaction(async (tx) => {
    const { invitation, team } = await liveInvitation(tx, raw, true);
    if (invitation.role === 'co-driver') {
      await tx
        .update(signups)
        .set({ ...noCoDriver, coDriverDeclinedAt: new Date() })
        .where(eq(signups.id, team.id));
      await endFormerMemberAccess(tx, team.id, coDriverHadJoined(team));
    }
    return { team, role: invitation.role };
  });
}
