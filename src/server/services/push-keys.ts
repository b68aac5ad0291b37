import type { Config } from '../config';
import type { Db } from '../db/client';
import { pushKeys } from '../db/schema';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The site's VAPID key pair: from the environment when set (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY),
 * else made once and kept in the database (push_keys), so every instance signs with the same pair
 * and browsers' subscriptions stay valid across restarts. The first instance to need it makes it;
 * one that loses the race reads the winner's. Changing the pair ends every subscription: phones
 * must allow notifications again.
 */
export async function vapidKeys(db: Db, config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>): Promise<VapidKeys> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  const [kept] = await db.select().from(pushKeys);
  if (kept) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  const { default: webpush } = await import('web-push');
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(pushKeys)
    .values({ id: 1, ...made })
    .onConflictDoNothing();
  const [row] = await db.select().from(pushKeys);
  if (!row) throw new Error('push keys: none stored after making them');
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}
