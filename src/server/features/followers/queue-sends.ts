import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, rallyDate } from '../../../common/rally-calendar-day';
import { historicParticipants, teamFollowerPauses, teamFollowerSends, teamFollowers, teamUpdates } from '../../db/schema';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { FOLLOWERS_KIND } from '../../services/follower-audience';
import { siteOrigin } from '../../services/site-links';
import { createBulkSend, messageIdDomain } from '../../services/bulk-outbox';
import { findPublicTeamPage } from '../../services/public-team-page';
import { digestMessage, resultsMessage, updateMessage, type MailTeam, type MailUpdate } from './follower-mail';

/** How far back the sweep looks for updates whose followers were not yet sent them (a nudge lost in a restart). */
const SWEEP_BACK_MS = 2 * 24 * 60 * 60 * 1000;

/** A follow that is on: confirmed and not ended. The one copy of that rule in drizzle's terms. */
export const followIsOn = and(isNotNull(teamFollowers.confirmedAt), isNull(teamFollowers.endedAt));

const activeFollowers = (signupId: number, daily: boolean) =>
  and(eq(teamFollowers.signupId, signupId), followIsOn, eq(teamFollowers.dailyDigest, daily));

const isPaused = async (db: Db, signupId: number) =>
  (await db.select().from(teamFollowerPauses).where(eq(teamFollowerPauses.signupId, signupId))).length > 0;

async function mailTeam(app: FastifyInstance, db: Db, signupId: number): Promise<MailTeam | null> {
  const page = await findPublicTeamPage(db, signupId, await app.rallySettings());
  return page && { id: page.id, teamName: page.teamName, donationTotal: page.donationTotal, target: page.target };
}

const asMailUpdate = (u: typeof teamUpdates.$inferSelect): MailUpdate => ({
  body: u.body,
  photoUrl: u.photoUrl,
  madeAt: u.madeAt ?? u.createdAt,
});

/**
 * Queues the e-mail of one update to its team's followers who take each update, through the
 * bulk-mail outbox (paced, resumable). The row in team_follower_sends is written in the same
 * transaction, keyed by the update, so however often this runs (the post's nudge, the sweep, two
 * instances at once) an update is queued once, and each follower is one outbox row of that one
 * send. A hidden update, or one of a team whose updates the organisers paused, is never queued
 * (a paused team's update is recorded as not to be sent). Returns null when this call did not queue
 * it (queued before, hidden, paused), else the bulk send to wake, if any e-mail is to go.
 */
export async function queueUpdate(app: FastifyInstance, updateId: number): Promise<{ bulkSendId: number | null } | null> {
  const rally = await app.rallySettings();
  return app.db.transaction(async (tx) => {
    const [update] = await tx.select().from(teamUpdates).where(eq(teamUpdates.id, updateId));
    if (!update || update.hiddenAt) return null;
    const [claimed] = await tx
      .insert(teamFollowerSends)
      .values({ signupId: update.signupId, teamUpdateId: update.id, updateIds: [update.id] })
      .onConflictDoNothing()
      .returning();
    if (!claimed || (await isPaused(tx, update.signupId))) return null;
    const followers = await tx.select().from(teamFollowers).where(activeFollowers(update.signupId, false)).orderBy(asc(teamFollowers.id));
    const team = await mailTeam(app, tx, update.signupId);
    if (followers.length === 0 || !team) return { bulkSendId: null };
    const message = updateMessage(app.config, asMailUpdate(update), team, rally);
    const bulkSendId = await createFollowerSend(app, tx, message, followers, { signupId: team.id, updateIds: [update.id] });
    await tx.update(teamFollowerSends).set({ bulkSendId }).where(eq(teamFollowerSends.id, claimed.id));
    return { bulkSendId };
  });
}

function createFollowerSend(
  app: FastifyInstance,
  tx: Db,
  message: { subject: string; html: string; text: string },
  followers: (typeof teamFollowers.$inferSelect)[],
  audience: { signupId: number; updateIds: number[]; digestDay?: string },
) {
  return createBulkSend(
    tx,
    {
      ...message,
      recipientType: 'team_followers',
      kind: FOLLOWERS_KIND,
      audience,
      onlyOptedIn: true,
      createdByUserId: null,
      siteUrl: siteOrigin(app.config),
      trackClicks: false,
    },
    followers.map((f) => ({ email: f.email, name: f.name, unsubscribeToken: f.token })),
    messageIdDomain(app.config.MAIL_FROM),
  );
}

/**
 * Queues yesterday's digest (the rally's calendar day before `now`, in its zone) for each team with
 * followers who chose one e-mail a day and visible updates that reached the site that day: once per team and day, by the
 * same unique row. Returns the bulk sends to wake.
 */
export async function queueDigests(app: FastifyInstance, now: Date): Promise<number[]> {
  const rally = await app.rallySettings();
  const day = addDays(rallyDate(now, rally.timeZone), -1);
  const teams = rowsOf<{ signup_id: number }>(
    await app.db.execute(sql`
      select distinct f.signup_id from team_followers f
      where f.daily_digest and f.confirmed_at is not null and f.ended_at is null
        and not exists (select 1 from team_follower_pauses p where p.signup_id = f.signup_id)
        and not exists (select 1 from team_follower_sends s where s.signup_id = f.signup_id and s.digest_day = ${day})`),
  );
  const woken: number[] = [];
  for (const { signup_id: signupId } of teams) {
    const id = await app.db.transaction(async (tx) => {
      const updates = await tx
        .select()
        .from(teamUpdates)
        .where(
          and(
            eq(teamUpdates.signupId, signupId),
            isNull(teamUpdates.hiddenAt),
            // By the day the update reached the site: one made without signal before midnight and sent
            // after it is in the next digest, never in none.
            sql`to_char(${teamUpdates.createdAt} at time zone ${rally.timeZone}, 'YYYY-MM-DD') = ${day}`,
          ),
        )
        .orderBy(asc(sql`coalesce(${teamUpdates.madeAt}, ${teamUpdates.createdAt})`));
      if (updates.length === 0) return null;
      const [claimed] = await tx
        .insert(teamFollowerSends)
        .values({ signupId, kind: 'digest', digestDay: day, updateIds: updates.map((u) => u.id) })
        .onConflictDoNothing()
        .returning();
      const followers = await tx.select().from(teamFollowers).where(activeFollowers(signupId, true)).orderBy(asc(teamFollowers.id));
      const team = await mailTeam(app, tx, signupId);
      if (!claimed || followers.length === 0 || !team) return null;
      const message = digestMessage(app.config, updates.map(asMailUpdate), team, rally, day);
      const bulkSendId = await createFollowerSend(app, tx, message, followers, { signupId, updateIds: claimed.updateIds, digestDay: day });
      await tx.update(teamFollowerSends).set({ bulkSendId }).where(eq(teamFollowerSends.id, claimed.id));
      return bulkSendId;
    });
    if (id) woken.push(id);
  }
  return woken;
}

/** Recent visible updates not yet queued for followers (their nudge was lost): the sweep queues them. */
export async function unqueuedUpdates(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: teamUpdates.id })
    .from(teamUpdates)
    .where(
      and(
        isNull(teamUpdates.hiddenAt),
        sql`${teamUpdates.createdAt} > ${new Date(now.getTime() - SWEEP_BACK_MS).toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${teamFollowerSends} s where s.team_update_id = ${teamUpdates.id})`,
        sql`exists (select 1 from ${teamFollowers} f where f.signup_id = ${teamUpdates.signupId})`,
      ),
    )
    .orderBy(asc(teamUpdates.id));
  return rows.map((r) => r.id);
}

/**
 * Queues the e-mail of the team's finish and final place, once its results are published (a results
 * row made from the team), to each of its current followers, whichever way they take updates. The
 * team_follower_sends row (one per team, kind 'results') is written in the same transaction, so it
 * is queued once however often the sweep runs; and the follows that end with the results end in
 * that transaction too (the outbox's rule lets this one message reach them). A paused team's
 * results are recorded as not to be sent. Returns the bulk sends to wake.
 */
export async function queueResults(app: FastifyInstance): Promise<number[]> {
  const teams = rowsOf<{ signup_id: number }>(
    await app.db.execute(sql`
      select distinct f.signup_id from team_followers f
      join historic_participants h on h.signup_id = f.signup_id
      where f.confirmed_at is not null and f.ended_at is null
        and not exists (select 1 from team_follower_sends s where s.signup_id = f.signup_id and s.kind = 'results')
      order by f.signup_id`),
  );
  const rally = await app.rallySettings();
  const woken: number[] = [];
  for (const { signup_id: signupId } of teams) {
    const id = await app.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(teamFollowerSends)
        .values({ signupId, kind: 'results', updateIds: [] })
        .onConflictDoNothing()
        .returning();
      if (!claimed) return null;
      const [result] = await tx.select().from(historicParticipants).where(eq(historicParticipants.signupId, signupId));
      const followers = await tx
        .select()
        .from(teamFollowers)
        .where(and(eq(teamFollowers.signupId, signupId), followIsOn))
        .orderBy(asc(teamFollowers.id));
      const team = await mailTeam(app, tx, signupId);
      let bulkSendId: number | null = null;
      if (result && team && followers.length > 0 && !(await isPaused(tx, signupId))) {
        const [ranked] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(historicParticipants)
          .where(and(eq(historicParticipants.year, result.year), isNotNull(historicParticipants.rank)));
        const message = resultsMessage(
          app.config,
          { year: result.year, rank: result.rank, teamsRanked: Number(ranked?.n ?? 0), score: result.totalScore },
          team,
          rally,
        );
        bulkSendId = await createFollowerSend(app, tx, message, followers, { signupId, updateIds: [] });
        await tx.update(teamFollowerSends).set({ bulkSendId }).where(eq(teamFollowerSends.id, claimed.id));
      }
      await endFollowsAfterResults(tx, signupId);
      return bulkSendId;
    });
    if (id) woken.push(id);
  }
  return woken;
}

/**
 * A follow ends by itself once its team's results are published (a results row made from the team),
 * unless the follower chose to keep hearing about the team.
 */
export async function endFollowsAfterResults(db: Db, signupId?: number): Promise<number> {
  const ended = await db
    .update(teamFollowers)
    .set({ endedAt: new Date(), endedReason: 'results' })
    .where(
      and(
        isNull(teamFollowers.endedAt),
        eq(teamFollowers.keepAfterResults, false),
        signupId === undefined ? undefined : eq(teamFollowers.signupId, signupId),
        sql`exists (select 1 from historic_participants h where h.signup_id = ${teamFollowers.signupId})`,
      ),
    )
    .returning({ id: teamFollowers.id });
  return ended.length;
}

/** How many confirmed, current followers each of these teams has: a number, never who. */
export async function followerCounts(db: Db, signupIds: number[]): Promise<Map<number, number>> {
  if (signupIds.length === 0) return new Map();
  const rows = await db
    .select({ signupId: teamFollowers.signupId, n: sql<number>`count(*)::int` })
    .from(teamFollowers)
    .where(and(inArray(teamFollowers.signupId, signupIds), followIsOn))
    .groupBy(teamFollowers.signupId);
  return new Map(rows.map((r) => [r.signupId, Number(r.n)]));
}
