import { count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadObjects } from '../../db/schema';
import { HttpError } from '../../errors';
import { MAX_UPLOADS_PER_SESSION, MAX_UPLOADS_PER_TEAM } from '../../services/storage';

/**
 * The database's record of each upload URL, so that a URL grants one file and one attachment
 * whatever the storage keeps (a consumed incoming file is deleted, which alone would let the
 * same URL write it again), and so the total handed out to a session or a team can be counted.
 */

export const SESSION_QUOTA_REACHED = `This browser session has used all ${MAX_UPLOADS_PER_SESSION} of its uploads. Please contact the organisers if you need to change your car image.`;
export const TEAM_QUOTA_REACHED = `Your team has used all ${MAX_UPLOADS_PER_TEAM} of its uploads. Please contact the organisers to change your car image.`;
export const UPLOAD_ALREADY_ATTACHED = 'This upload has already been used';

/** Refuses (403) an uploader whose session or team has had its total of upload URLs. */
export async function assertUploadQuota(db: Db, keys: { sessionKey: string; ownerKey: string | null }): Promise<void> {
  const issued = async (where: ReturnType<typeof eq>) => (await db.select({ n: count() }).from(uploadObjects).where(where))[0]?.n ?? 0;
  if ((await issued(eq(uploadObjects.sessionKey, keys.sessionKey))) >= MAX_UPLOADS_PER_SESSION)
    throw new HttpError(403, SESSION_QUOTA_REACHED);
  if (keys.ownerKey && (await issued(eq(uploadObjects.ownerKey, keys.ownerKey))) >= MAX_UPLOADS_PER_TEAM)
    throw new HttpError(403, TEAM_QUOTA_REACHED);
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
): Promise<T> {
  return db.transaction(async (tx) => {
    // Always in the same order, so two requests sharing a key never wait on each other in a circle.
    for (const key of [keys.sessionKey, keys.ownerKey].filter((k): k is string => Boolean(k)).sort())
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${key}`}))`);
    if (counted) await assertUploadQuota(tx, keys);
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
