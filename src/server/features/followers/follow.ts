import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { followTeamSchema, FollowState } from '../../../common/schemas/followers';
import { signups, teamFollowers, type TeamFollower } from '../../db/schema';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../errors';
import { emailLayout } from '../../services/email-layout';
import { readLink, signLink, spendLink } from '../../services/signed-link';
import { siteLink } from '../../services/site-links';
import { refusedPushHost } from '../../services/push-endpoint';
import { replaceFollowPush } from './follower-push';

type FollowIn = z.output<typeof followTeamSchema>;

export const TEAM_NOT_FOUND = 'Team not found';
export const INVALID_LINK = 'This link is not valid or has expired';
export const LINK_USED =
  'This link has already been used, so it changes nothing now. To follow the team again, use "Follow this team" on its page.';
export const STOPPED_SINCE =
  'You stopped following this team after this link was sent, so it changes nothing now. To follow again, use "Follow this team" on its page.';

/** A follow's own link token: random, unguessable, good only for that follow's page. */
const newToken = () => randomBytes(24).toString('base64url');

/** The signed confirmation link names the team and the address (signed-link.ts: purpose, expiry, HMAC). */
const linkSubject = (signupId: number, email: string) => `${signupId}/${email}`;
function readSubject(subject: string): { signupId: number; email: string } | null {
  const m = /^(\d{1,9})\/(.+)$/.exec(subject);
  return m ? { signupId: Number(m[1]), email: m[2]! } : null;
}

/** A team a supporter may follow: any that has not withdrawn (a donate link keeps working across seasons). */
async function followableTeam(db: Db, signupId: number) {
  const [team] = await db
    .select({ id: signups.id, teamName: signups.teamName })
    .from(signups)
    .where(and(eq(signups.id, signupId), ne(signups.status, 'withdrawn')));
  return team;
}

/**
 * Starts a follow, or asks again for a confirmation. Whatever the address's state (new, waiting,
 * following, stopped), the caller gets the same answer, so nobody learns who follows a team. A
 * confirmed follow is left as it is (a stranger cannot change someone's choices); a pending or
 * ended one takes the new choices and a fresh link, and the time it was asked for (`createdAt`),
 * which older links cannot confirm.
 */
export async function startFollow(app: FastifyInstance, signupId: number, input: FollowIn, log: FastifyBaseLogger) {
  const team = await followableTeam(app.db, signupId);
  if (!team) throw notFound(TEAM_NOT_FOUND);
  const email = input.email.trim().toLowerCase();
  const choices = { name: input.name, dailyDigest: input.dailyDigest, keepAfterResults: input.keepAfterResults };
  // Before anything is written, and whatever the follow's state: the answer says nothing of it.
  const refused = input.push && (await refusedPushHost(input.push.endpoint));
  if (refused) throw new HttpError(400, refused);
  const asked = await app.db.transaction(async (tx) => {
    await tx
      .insert(teamFollowers)
      .values({ signupId, email, token: newToken(), ...choices })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(teamFollowers)
      .where(and(eq(teamFollowers.signupId, signupId), eq(teamFollowers.email, email)))
      .for('update');
    if (!row || (row.confirmedAt && !row.endedAt)) return false;
    await tx
      .update(teamFollowers)
      .set({ ...choices, confirmedAt: null, endedAt: null, endedReason: null, createdAt: new Date() })
      .where(eq(teamFollowers.id, row.id));
    await replaceFollowPush(tx, row.id, input.push);
    return true;
  });
  if (!asked) return;
  const rally = await app.rallySettings();
  // From the configuration, never from the request's Host header (which the caller chooses).
  const link = siteLink(app.config, `/follow/confirm/${signLink(app.signingKey, 'confirm-follow', linkSubject(signupId, email))}`);
  // Sent after the answer, so that how long the answer takes says nothing about the address's state.
  app.background.run(log, 'follow confirmation not sent', async () => {
    void (await app.mailer.send({
      to: email,
      subject: `Please confirm: follow ${team.teamName}`,
      ...emailLayout({
        greeting: 'Hello,',
        body: [
          `Please confirm that you would like to follow ${team.teamName} in the ${rally.productName}: an e-mail when the team posts an update from the road.`,
          { button: 'Yes, follow this team', href: link },
          'Following a team does not put you on any mailing list. If you did not ask for this, ignore this e-mail and nothing more will come.',
        ],
      }),
    }));
  });
}

export const stateOf = (row: TeamFollower, teamName: string, message?: string): FollowState => ({
  teamName,
  signupId: row.signupId,
  following: row.confirmedAt !== null && row.endedAt === null,
  dailyDigest: row.dailyDigest,
  keepAfterResults: row.keepAfterResults,
  ...(message ? { message } : {}),
});

/**
 * Confirms a follow from its e-mailed link (the page posts it; a GET changes nothing). The link is
 * spent with the confirmation in one transaction; a link made before the follow was last asked for
 * or stopped confirms nothing and stays unspent.
 */
export async function confirmFollow(app: FastifyInstance, token: string): Promise<FollowState> {
  const link = readLink(app.signingKey, 'confirm-follow', token);
  const subject = link && readSubject(link.email);
  if (!link || !subject) throw new HttpError(400, INVALID_LINK);
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(teamFollowers)
      .where(and(eq(teamFollowers.signupId, subject.signupId), eq(teamFollowers.email, subject.email)))
      .for('update');
    const team = await followableTeam(tx, subject.signupId);
    if (!row || !team) throw new HttpError(400, INVALID_LINK);
    // Asked for again since (a fresher link is on its way), or stopped: this older link is spent for nothing.
    if (row.createdAt.getTime() > link.issuedAt.getTime() + 1000 || row.endedAt) throw new HttpError(409, STOPPED_SINCE);
    if (!(await spendLink(tx, 'confirm-follow', token))) throw new HttpError(410, LINK_USED);
    const [confirmed] = await tx
      .update(teamFollowers)
      .set({ confirmedAt: row.confirmedAt ?? new Date() })
      .where(eq(teamFollowers.id, row.id))
      .returning();
    return stateOf(confirmed!, team.teamName, `Thank you. You now follow ${team.teamName}.`);
  });
}

/** The follow behind a stop/manage link, with its team's name; 404 for a token that is not one. */
export async function followByToken(db: Db, token: string) {
  const [found] = await db
    .select({ follow: teamFollowers, teamName: signups.teamName })
    .from(teamFollowers)
    .innerJoin(signups, eq(signups.id, teamFollowers.signupId))
    .where(eq(teamFollowers.token, token));
  if (!found) throw notFound(INVALID_LINK);
  return found;
}

/** Stops following this team only (the link in every e-mail, and the mail client's one-click POST). */
export async function stopFollow(db: Db, token: string): Promise<FollowState> {
  const { follow, teamName } = await followByToken(db, token);
  const [row] = await db
    .update(teamFollowers)
    .set({ endedAt: follow.endedAt ?? new Date(), endedReason: follow.endedReason ?? 'stopped' })
    .where(eq(teamFollowers.id, follow.id))
    .returning();
  return stateOf(row!, teamName, `You no longer follow ${teamName}.`);
}
