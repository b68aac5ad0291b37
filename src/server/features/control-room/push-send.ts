import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pMap from 'p-map';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { pushSubscriptions, rallyMessages, signups } from '../../db/schema';
import { HOLDING_A_PLACE } from '../../services/rally-places';
import { webPushSender, type PushPayload } from '../../services/web-push';

export const PUSH_QUEUE = 'rally-message-push';
/** Pushes to one team's phones about its own SOS (seen, resolved). */
export const TEAM_PUSH_QUEUE = 'team-push';
/**
 * Phones pushed to at once for one message. One at a time, a push service that hangs held every
 * phone after it; a few hundred phones at once would open as many connections.
 */
const PUSH_CONCURRENCY = 10;
/** Messages pushed at once (each its own worker), so one team's slow phones never hold up another team's message. */
const PUSH_WORKERS = 3;
/** Failed pushes in a row (other than 404/410, which end it at once) after which a subscription is dropped. */
export const PUSH_FAILURES_TO_DROP = 5;

/**
 * Sends one organiser message to the phones subscribed for it (its team's, or every team's of the
 * season holding a place). Each endpoint's host is resolved again first and skipped unless every
 * address is public (services/web-push.ts), as a name can point elsewhere since it was subscribed. A
 * subscription the push service says is gone (404, 410) is removed; any other failure is counted and
 * logged without the endpoint (it identifies the phone), and the fifth in a row removes it.
 */
export async function pushMessage(
  app: FastifyInstance,
  rally: RallySettings,
  messageId: number,
): Promise<{ sent: number; removed: number }> {
  const [message] = await app.db.select().from(rallyMessages).where(eq(rallyMessages.id, messageId));
  if (!message) return { sent: 0, removed: 0 };
  const teams = app.db
    .select({ id: signups.id })
    .from(signups)
    .where(and(eq(signups.rallyYear, message.rallyYear), inArray(signups.status, [...HOLDING_A_PLACE])));
  const subs = await app.db
    .select()
    .from(pushSubscriptions)
    .where(message.signupId == null ? inArray(pushSubscriptions.signupId, teams) : eq(pushSubscriptions.signupId, message.signupId));
  return sendPushes(app, rally, subs, {
    title: message.signupId == null ? `${rally.productName}: message to all teams` : `${rally.productName}: message to your team`,
    body: message.body,
    url: '/rally-app',
    tag: `rally-message-${message.id}`,
  });
}

/** Sends a payload to one team's subscribed phones (the SOS's news: seen, resolved). */
export async function pushToTeam(
  app: FastifyInstance,
  rally: RallySettings,
  signupId: number,
  payload: PushPayload,
): Promise<{ sent: number; removed: number }> {
  const subs = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.signupId, signupId));
  return sendPushes(app, rally, subs, payload);
}

async function sendPushes(
  app: FastifyInstance,
  rally: RallySettings,
  subs: (typeof pushSubscriptions.$inferSelect)[],
  payload: PushPayload,
): Promise<{ sent: number; removed: number }> {
  if (!subs.length) return { sent: 0, removed: 0 };
  const push = await webPushSender(app, rally.supportEmail);
  let sent = 0;
  let removed = 0;
  const failed = async (sub: (typeof subs)[number], statusCode: number | null) => {
    const [row] = await app.db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.id, sub.id))
      .returning({ failures: pushSubscriptions.failures });
    if (row && row.failures >= PUSH_FAILURES_TO_DROP) {
      await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      removed += 1;
    }
    app.log.warn({ subscriptionId: sub.id, statusCode }, 'web push: a push service refused or did not answer');
  };
  await pMap(
    subs,
    async (sub) => {
      const result = await push(sub, payload);
      if (result.outcome === 'sent') {
        sent += 1;
        if (sub.failures) await app.db.update(pushSubscriptions).set({ failures: 0 }).where(eq(pushSubscriptions.id, sub.id));
      } else if (result.outcome === 'gone') {
        await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
        removed += 1;
      } else if (result.outcome === 'refused') {
        app.log.warn({ subscriptionId: sub.id, reason: result.reason }, 'web push: endpoint skipped');
        await failed(sub, null);
      } else await failed(sub, result.statusCode);
    },
    { concurrency: PUSH_CONCURRENCY },
  );
  return { sent, removed };
}

/**
 * Queues the pushes of a new message, so a slow push service never holds the organiser's request.
 * Without a job queue (tests that start none) it runs after the answer has gone.
 */
export async function queueMessagePush(app: FastifyInstance, messageId: number): Promise<void> {
  if (!app.jobs) {
    app.background.run(app.log, 'web push of a rally message failed', async () => {
      await pushMessage(app, await app.rallySettings(), messageId);
    });
    return;
  }
  await app.jobs.createQueue(PUSH_QUEUE);
  await app.jobs.send(PUSH_QUEUE, { messageId }, { retryLimit: 2, retryDelay: 30 });
}

/** Queues a push to one team's phones, as queueMessagePush does for a message. */
export async function queueTeamPush(app: FastifyInstance, signupId: number, payload: PushPayload): Promise<void> {
  if (!app.jobs) {
    app.background.run(app.log, 'web push to a team failed', async () => {
      await pushToTeam(app, await app.rallySettings(), signupId, payload);
    });
    return;
  }
  await app.jobs.createQueue(TEAM_PUSH_QUEUE);
  await app.jobs.send(TEAM_PUSH_QUEUE, { signupId, payload }, { retryLimit: 2, retryDelay: 30 });
}

export async function startPushWorker(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.createQueue(PUSH_QUEUE);
  for (let i = 0; i < PUSH_WORKERS; i++)
    await jobs.work<{ messageId: number }>(PUSH_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async (batch) => {
      const rally = await app.rallySettings();
      for (const job of batch) await pushMessage(app, rally, job.data.messageId);
    });
  await jobs.createQueue(TEAM_PUSH_QUEUE);
  await jobs.work<{ signupId: number; payload: PushPayload }>(
    TEAM_PUSH_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async (batch) => {
      const rally = await app.rallySettings();
      for (const job of batch) await pushToTeam(app, rally, job.data.signupId, job.data.payload);
    },
  );
}
