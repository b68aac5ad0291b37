import type { FastifyInstance } from 'fastify';
import { refusedPushHost } from './push-endpoint';
import { vapidKeys } from './push-keys';

/** What a browser's service worker shows (web push-handler.ts reads it). */
export type PushPayload = { title: string; body: string; url: string; tag: string };
/** A browser's subscription as stored: where to push and the keys to encrypt for. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/**
 * How one push went: sent; gone (the push service answered 404/410: the subscription is over and
 * the caller removes it); refused (its host is not a public address, push-endpoint.ts); failed
 * (anything else, with the push service's status when it answered).
 */
export type PushOutcome =
  { outcome: 'sent' } | { outcome: 'gone' } | { outcome: 'refused'; reason: string } | { outcome: 'failed'; statusCode: number | null };

/** A push service keeps a message this long for a phone that is off or out of signal. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;
/**
 * A push service that does not answer in this time is given up on for this subscription. Apple's
 * and Google's answer in well under a second; a few seconds keeps one that hangs from holding a
 * message (and the messages queued after it) for long.
 */
const PUSH_TIMEOUT_MS = 5_000;

/**
 * Makes a sender of Web Push with the site's VAPID keys (push-keys.ts), for the organisers'
 * messages to teams (features/control-room) and teams' updates to followers (features/followers).
 * Each endpoint's host is resolved again before every push and skipped unless every address is
 * public, as a name can point elsewhere since it was subscribed.
 */
export async function webPushSender(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  supportEmail: string,
): Promise<(target: PushTarget, payload: PushPayload) => Promise<PushOutcome>> {
  const keys = await vapidKeys(app.db, app.config);
  const subject = app.config.VAPID_SUBJECT ?? `mailto:${supportEmail}`;
  // Loaded with the first push rather than at every start.
  const { default: webpush } = await import('web-push');
  return async (target, payload) => {
    const refused = await refusedPushHost(target.endpoint);
    if (refused) return { outcome: 'refused', reason: refused };
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails: { subject, ...keys }, TTL: PUSH_TTL_SECONDS, urgency: 'high', timeout: PUSH_TIMEOUT_MS },
      );
      return { outcome: 'sent' };
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      return status === 404 || status === 410 ? { outcome: 'gone' } : { outcome: 'failed', statusCode: status ?? null };
    }
  };
}
