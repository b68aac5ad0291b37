import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pMap from 'p-map';
import { signups, teamFollowerPauses, teamFollowerPushes, teamFollowers, teamUpdates } from '../../db/schema';
import type { Db } from '../../db/client';
import { webPushSender, type PushPayload } from '../../services/web-push';
import { followIsOn } from './queue-sends';

/** A team's new update, pushed to its followers' browsers: one job per update. */
export const FOLLOWER_PUSH_QUEUE = 'followers-push';
/** Browsers pushed to at once: a push service that hangs holds only these. */
const PUSH_CONCURRENCY = 10;
/** What a notification shows of the update's words. */
const BODY_CHARS = 180;

/**
 * Keeps a browser's subscription with its follow (features/followers/follow.ts calls it when a
 * follow is asked for, in that transaction): the follow's earlier browsers give way to this
 * request's, as its other choices do.
 */
export async function replaceFollowPush(
  tx: Db,
  followerId: number,
  push: { endpoint: string; keys: { p256dh: string; auth: string } } | undefined,
) {
  await tx.delete(teamFollowerPushes).where(eq(teamFollowerPushes.followerId, followerId));
  if (push)
    await tx.insert(teamFollowerPushes).values({ followerId, endpoint: push.endpoint, p256dh: push.keys.p256dh, auth: push.keys.auth });
}

/**
 * Pushes one update to the browsers of its team's followers whose follow is on (confirmed, not
 * ended), unless the update is hidden or gone or the team's updates to followers are paused. A
 * subscription the push service says is gone (404, 410) is removed; a refused (private or local)
 * endpoint or another failure is logged without the endpoint. The notification opens the update
 * on the team's donate page.
 */
export async function pushUpdate(app: FastifyInstance, updateId: number): Promise<{ sent: number; removed: number }> {
  const [update] = await app.db
    .select({
      id: teamUpdates.id,
      signupId: teamUpdates.signupId,
      body: teamUpdates.body,
      hiddenAt: teamUpdates.hiddenAt,
      teamName: signups.teamName,
    })
    .from(teamUpdates)
    .innerJoin(signups, eq(signups.id, teamUpdates.signupId))
    .where(eq(teamUpdates.id, updateId));
  if (!update || update.hiddenAt) return { sent: 0, removed: 0 };
  if ((await app.db.select().from(teamFollowerPauses).where(eq(teamFollowerPauses.signupId, update.signupId))).length)
    return { sent: 0, removed: 0 };
  const targets = await app.db
    .select({
      id: teamFollowerPushes.id,
      endpoint: teamFollowerPushes.endpoint,
      p256dh: teamFollowerPushes.p256dh,
      auth: teamFollowerPushes.auth,
    })
    .from(teamFollowerPushes)
    .innerJoin(teamFollowers, eq(teamFollowers.id, teamFollowerPushes.followerId))
    .where(and(eq(teamFollowers.signupId, update.signupId), followIsOn));
  if (!targets.length) return { sent: 0, removed: 0 };
  const rally = await app.rallySettings();
  const push = await webPushSender(app, rally.supportEmail);
  const payload: PushPayload = {
    title: `${update.teamName}: news from the road`,
    body: update.body.length > BODY_CHARS ? `${update.body.slice(0, BODY_CHARS - 1)}…` : update.body,
    url: `/donate/${update.signupId}#team-updates`,
    tag: `team-update-${update.id}`,
  };
  let sent = 0;
  let removed = 0;
  await pMap(
    targets,
    async (target) => {
      const result = await push(target, payload);
      if (result.outcome === 'sent') sent += 1;
      else if (result.outcome === 'gone') {
        await app.db.delete(teamFollowerPushes).where(eq(teamFollowerPushes.id, target.id));
        removed += 1;
      } else app.log.warn({ followerPushId: target.id, result }, "web push: a follower's browser not pushed to");
    },
    { concurrency: PUSH_CONCURRENCY },
  );
  return { sent, removed };
}

/**
 * Queues the push of an update once it is queued for its followers (queue-sends.ts, once per
 * update), so neither the team's request nor the e-mails wait for a push service. Without a job
 * queue (tests that start none) it runs in the background.
 */
export async function queueUpdatePush(app: FastifyInstance, updateId: number): Promise<void> {
  if (!app.jobs) {
    app.background.run(app.log, 'web push of a team update failed', async () => void (await pushUpdate(app, updateId)));
    return;
  }
  await app.jobs.createQueue(FOLLOWER_PUSH_QUEUE);
  await app.jobs.send(FOLLOWER_PUSH_QUEUE, { updateId }, { retryLimit: 2, retryDelay: 30 });
}

export async function startFollowerPushWorker(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.createQueue(FOLLOWER_PUSH_QUEUE);
  await jobs.work<{ updateId: number }>(FOLLOWER_PUSH_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async (batch) => {
    for (const job of batch) await pushUpdate(app, job.data.updateId);
  });
}
