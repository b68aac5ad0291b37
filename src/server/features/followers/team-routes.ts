import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { adminTeamFollowsSchema, myFollowerCountsSchema, pauseFollowersSchema } from '../../../common/schemas/followers';
import { signups, teamFollowerPauses, teamFollowers } from '../../db/schema';
import { userOf } from '../../plugins/auth';
import { recordAudit } from '../../services/audit';
import { currentRallyYear } from '../../services/rally-settings';
import { notFound } from '../../errors';
import { followerCounts, followIsOn } from './queue-sends';

/**
 * How many follow: the team's members see a number for each team they are on (never who); the
 * organisers see follows per team of this season and pause or resume a team's updates to followers.
 */
const followerTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/my-followers', { schema: { response: { 200: myFollowerCountsSchema } } }, async (request) => {
    const user = userOf(request);
    const teams = await app.db
      .select({ id: signups.id })
      .from(signups)
      .where(or(eq(signups.userId, user.id), and(eq(signups.coDriverUserId, user.id), isNotNull(signups.coDriverAcceptedAt))));
    const counts = await followerCounts(
      app.db,
      teams.map((t) => t.id),
    );
    return { teams: teams.map((t) => ({ signupId: t.id, followers: counts.get(t.id) ?? 0 })) };
  });

  app.get('/api/admin/followers', { schema: { response: { 200: adminTeamFollowsSchema } } }, async () => {
    const rows = await app.db
      .select({
        signupId: signups.id,
        teamName: signups.teamName,
        followers: sql<number>`(count(${teamFollowers.id}) filter (where ${followIsOn}))::int`,
        pending: sql<number>`(count(${teamFollowers.id}) filter (where ${teamFollowers.confirmedAt} is null and ${teamFollowers.endedAt} is null))::int`,
        dailyDigest: sql<number>`(count(${teamFollowers.id}) filter (where ${teamFollowers.dailyDigest} and ${followIsOn}))::int`,
        paused: sql<boolean>`${teamFollowerPauses.signupId} is not null`,
      })
      .from(signups)
      .leftJoin(teamFollowers, eq(teamFollowers.signupId, signups.id))
      .leftJoin(teamFollowerPauses, eq(teamFollowerPauses.signupId, signups.id))
      .where(and(eq(signups.rallyYear, currentRallyYear), sql`${signups.status} <> 'withdrawn'`))
      .groupBy(signups.id, teamFollowerPauses.signupId)
      .orderBy(signups.teamName);
    return {
      teams: rows.map((r) => ({ ...r, followers: Number(r.followers), pending: Number(r.pending), dailyDigest: Number(r.dailyDigest) })),
    };
  });

  app.post(
    '/api/admin/followers/teams/:id/pause',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: pauseFollowersSchema,
        response: { 200: z.object({ signupId: z.number().int(), paused: z.boolean() }) },
      },
    },
    async (request) => {
      const signupId = request.params.id;
      const { paused } = request.body;
      await app.db.transaction(async (tx) => {
        const [team] = await tx.select({ id: signups.id }).from(signups).where(eq(signups.id, signupId));
        if (!team) throw notFound('Team not found');
        const changed = paused
          ? await tx
              .insert(teamFollowerPauses)
              .values({ signupId, pausedByUserId: userOf(request).id })
              .onConflictDoNothing()
              .returning()
          : await tx.delete(teamFollowerPauses).where(eq(teamFollowerPauses.signupId, signupId)).returning();
        if (changed.length)
          await recordAudit(tx, request, {
            action: paused ? 'followers.pause' : 'followers.resume',
            targetType: 'signup',
            targetId: signupId,
          });
      });
      return { signupId, paused };
    },
  );
};

export default followerTeamRoutes;
