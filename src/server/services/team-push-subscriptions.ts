import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pushSubscriptions } from '../db/schema';
import { HttpError } from '../errors';
import { refusedPushHost } from './push-endpoint';

/** Subscriptions kept per account and per team; a newer one replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 5;
export const PUSH_SUBSCRIPTIONS_PER_TEAM = 10;

/*
 * A team's phones subscribed to Web Push (table push_subscriptions): the rally app subscribes and
 * unsubscribes them (features/rally-app), the control room pushes to them (features/control-room).
 */

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
