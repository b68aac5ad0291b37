import { and, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploadObjects } from '../db/schema';
import { HttpError } from '../errors';
import { MAX_UPLOADS_PER_SESSION, MAX_UPLOADS_PER_TEAM, UPLOADS_PER_TRIP_DAY } from './storage';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The database's record of each upload URL, so that a URL grants one file and one attachment
 * whatever the storage keeps (a consumed incoming file is deleted, which alone would let the
 * same URL write it again), and so the total handed out to a session or a team can be counted.
 */

export const SESSION_QUOTA_REACHED = `This browser session has used all ${MAX_UPLOADS_PER_SESSION} of its uploads. Please contact the organisers if you need to change your car image.`;
export const TEAM_QUOTA_REACHED = `Your team has used all ${MAX_UPLOADS_PER_TEAM} of its uploads. Please contact the organisers to change your car image.`;
export const UPLOAD_ALREADY_ATTACHED = 'This upload has already been used';

export const DAY_QUOTA_REACHED = `You have used all ${UPLOADS_PER_TRIP_DAY} of today's uploads. Please try again tomorrow, or contact the organisers.`;

/**
 * Refuses (403) an uploader whose session or team has had its total of upload URLs. During the
 * trip (`onTheRoad`) the totals are per day instead: a treasure hunt answers clues with photos and
 * posts updates from the road, so the lifetime totals meant for car images would stop a team
 * mid-rally. Then the session and the account may each be given UPLOADS_PER_TRIP_DAY in any 24 hours.
 */
export async function assertUploadQuota(db: Db, keys: { sessionKey: string; ownerKey: string | null }, onTheRoad = false): Promise<void> {
  const since = onTheRoad ? gt(uploadObjects.issuedAt, new Date(Date.now() - DAY_MS)) : undefined;
  const issued = async (where: SQL) => (await db.select({ n: count() }).from(uploadObjects).where(and(where, since)))[0]?.n ?? 0;
  const [sessionMax, ownerMax] = onTheRoad ? [UPLOADS_PER_TRIP_DAY, UPLOADS_PER_TRIP_DAY] : [MAX_UPLOADS_PER_SESSION, MAX_UPLOADS_PER_TEAM];
  if ((await issued(eq(uploadObjects.sessionKey, keys.sessionKey))) >= sessionMax)
    throw new HttpError(403, onTheRoad ? DAY_QUOTA_REACHED : SESSION_QUOTA_REACHED);
  if (keys.ownerKey && (await issued(eq(uploadObjects.ownerKey, keys.ownerKey))) >= ownerMax)
    throw new HttpError(403, onTheRoad ? DAY_QUOTA_REACHED : TEAM_QUOTA_REACHED);
}

/**
 * Makes an upload URL and records it against its session and team, refusing it first when `counted`
 * and a total is reached. Two requests of one uploader at once are counted one after the other.
 */
export async function issueWithinQuota<T extends { objectId: string }>(
  db: Db,
  keys: { sessionKey: string; ownerKey: string | null },
  counted: boolean,
  create: () => Promise<T>,
  onTheRoad = false,
): Promise<T> {
  return db.transaction(async (tx) => {
    // Always in the same order, so two requests sharing a key never wait on each other in a circle.
    for (const key of [keys.sessionKey, keys.ownerKey].filter((k): k is string => Boolean(k)).sort())
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${key}`}))`);
    if (counted) await assertUploadQuota(tx, keys, onTheRoad);
    const ticket = await create();
    await tx.insert(uploadObjects).values({ objectId: ticket.objectId, ...keys });
    return ticket;
  });
}

/**
 * Marks the file of this object as received through its signed PUT; false when one was received
 * before (also after it was attached and its incoming file removed).
 */
export async function claimReceipt(db: Db, objectId: string): Promise<boolean> {
  const now = new Date();
  const claimed = await db
    .insert(uploadObjects)
    .values({ objectId, receivedAt: now })
    .onConflictDoUpdate({ target: uploadObjects.objectId, set: { receivedAt: now }, setWhere: isNull(uploadObjects.receivedAt) })
    .returning({ objectId: uploadObjects.objectId });
  return claimed.length > 0;
}

/** Undoes a receipt whose file could not be written, so the link may be tried again. */
export async function releaseReceipt(db: Db, objectId: string): Promise<void> {
  await db.update(uploadObjects).set({ receivedAt: null }).where(eq(uploadObjects.objectId, objectId));
}

/**
 * Marks the object as attached; false when it was attached before. This is what makes an S3 upload
 * single-use: its presigned POST can be sent again while it lives, but its object id is accepted once.
 */
export async function claimAttachment(db: Db, objectId: string): Promise<boolean> {
  const now = new Date();
  const claimed = await db
    .insert(uploadObjects)
    .values({ objectId, attachedAt: now })
    .onConflictDoUpdate({ target: uploadObjects.objectId, set: { attachedAt: now }, setWhere: isNull(uploadObjects.attachedAt) })
    .returning({ objectId: uploadObjects.objectId });
  return claimed.length > 0;
}

/** Undoes an attachment that failed (not an image, not found), so a corrected retry is possible. */
export async function releaseAttachment(db: Db, objectId: string): Promise<void> {
  await db.update(uploadObjects).set({ attachedAt: null }).where(eq(uploadObjects.objectId, objectId));
}
