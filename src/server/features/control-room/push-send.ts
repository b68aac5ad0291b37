import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pMap from 'p-map';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { pushSubscriptions, rallyMessages, signups } from '../../db/schema';
import { HttpError } from '../../errors';
import { HOLDING_A_PLACE } from '../../services/rally-places';
import { refusedPushHost } from './push-endpoint';
import { vapidKeys } from './push-keys';

export const PUSH_QUEUE = 'rally-message-push';
/** Pushes to one team's phones about its own SOS (seen, resolved). */
export const TEAM_PUSH_QUEUE = 'team-push';
/** A push service keeps a message this long for a phone that is off or out of signal. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;
/**
 * A push service that does not answer in this time is given up on for this subscription. Apple's
 * and Google's answer in well under a second; a few seconds keeps one that hangs from holding a
 * message (and the messages queued after it) for long.
 */
const PUSH_TIMEOUT_MS = 5_000;
/**
 * Phones pushed to at once for one message. One at a time, a push service that hangs held every
 * phone after it; a few hundred phones at once would open as many connections.
 */
const PUSH_CONCURRENCY = 10;
/** Messages pushed at once (each its own worker), so one team's slow phones never hold up another team's message. */
const PUSH_WORKERS = 3;
/** Failed pushes in a row (other than 404/410, which end it at once) after which a subscription is dropped. */
export const PUSH_FAILURES_TO_DROP = 5;
/** Subscriptions kept per account and per team; a newer one replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 5;
export const PUSH_SUBSCRIPTIONS_PER_TEAM = 10;

/** What the phone's service worker shows (push-handler.ts reads it). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/**
 * Sends one organiser message to the phones subscribed for it (its team's, or every team's of the
 * season holding a place). Each endpoint's host is resolved again first and skipped unless every
 * address is public (push-endpoint.ts), as a name can point elsewhere since it was subscribed. A
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
  const keys = await vapidKeys(app.db, app.config);
  const subject = app.config.VAPID_SUBJECT ?? `mailto:${rally.supportEmail}`;
  // Loaded with the first push rather than at every start.
  const { default: webpush } = await import('web-push');
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
      const refused = await refusedPushHost(sub.endpoint);
      if (refused) {
        app.log.warn({ subscriptionId: sub.id, reason: refused }, 'web push: endpoint skipped');
        return failed(sub, null);
      }
      try {
        await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject, ...keys },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          timeout: PUSH_TIMEOUT_MS,
        });
        sent += 1;
        if (sub.failures) await app.db.update(pushSubscriptions).set({ failures: 0 }).where(eq(pushSubscriptions.id, sub.id));
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
          removed += 1;
        } else await failed(sub, status ?? null);
      }
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

/**
 * Keeps (or moves to this account and team) a phone's subscription; 400 when its host is not a
 * public address. An account keeps its newest 5 and a team its newest 10: a phone that subscribes
 * again after a reinstall replaces the oldest rather than being refused, and no one can pile up
 * endpoints for every message to be sent to.
 */
export async function saveSubscription(
  app: FastifyInstance,
  userId: string,
  signupId: number,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  const refused = await refusedPushHost(sub.endpoint);
  if (refused) throw new HttpError(400, refused);
  // Made again now: a phone subscribing again counts as the newest.
  const values = {
    userId,
    signupId,
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    failures: 0,
    createdAt: new Date(),
  };
  await app.db.transaction(async (tx) => {
    await tx.insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    for (const [column, owner, cap] of [
      [pushSubscriptions.userId, userId, PUSH_SUBSCRIPTIONS_PER_ACCOUNT],
      [pushSubscriptions.signupId, signupId, PUSH_SUBSCRIPTIONS_PER_TEAM],
    ] as const) {
      const newest = tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(column, owner))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(cap);
      await tx.delete(pushSubscriptions).where(and(eq(column, owner), notInArray(pushSubscriptions.id, newest)));
    }
  });
}

/** Forgets a phone's subscription; only its own account's. */
export async function removeSubscription(app: FastifyInstance, userId: string, endpoint: string): Promise<boolean> {
  const gone = await app.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}
