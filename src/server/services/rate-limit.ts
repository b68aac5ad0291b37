import { lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from '../errors';
import { theRow } from '../db/rows';

/** One counter: at most `max` hits per `windowMs` for this key; `message` says why when it is over. */
export type Limit = { key: string; max: number; windowMs: number; message?: string };

export const TOO_MANY_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

export class RateLimitError extends HttpError {
  constructor(
    public retryAfterSeconds: number,
    message = TOO_MANY_MESSAGE,
  ) {
    super(429, message);
  }
}

/**
 * Counts one hit in the database, atomically, so every app instance shares the counter. A window
 * that has ended starts again at 1. Times come from this process (not the database) so the fake
 * clock of the tests moves them too.
 */
export async function hit(db: Db, limit: Limit): Promise<{ count: number; resetAt: Date }> {
  const now = new Date();
  const resetAt = new Date(now.getTime() + limit.windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key: limit.key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} < ${now} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} < ${now} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return theRow(rows, 'the rate limit counter');
}

/**
 * Counts a hit on every limit and refuses with 429 (and Retry-After) when any is over. All keys
 * are counted even when the first is over, so a blocked caller keeps paying on every counter.
 */
export async function enforce(db: Db, limits: Limit[], reply?: FastifyReply): Promise<void> {
  let retryAfter = 0;
  let message: string | undefined;
  for (const limit of limits) {
    const { count, resetAt } = await hit(db, limit);
    if (count <= limit.max) continue;
    retryAfter = Math.max(retryAfter, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    message ??= limit.message;
  }
  if (retryAfter <= 0) return;
  reply?.header('Retry-After', String(retryAfter));
  throw new RateLimitError(retryAfter, message);
}

/** Takes back one hit (a login that succeeded), so the counter holds failures only. */
export async function refund(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(sql`${rateLimits.key} = ${key}`);
  }
}

/** Deletes counters whose window has ended (run by the scheduled clean-up). */
export async function purgeExpiredRateLimits(db: Db): Promise<number> {
  const rows = await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date())).returning({ key: rateLimits.key });
  return rows.length;
}
