import { asc, desc, eq } from 'drizzle-orm';
import type { PastRally, PastRallyMenu } from '../../../common/schemas/past-rallies';
import type { Db } from '../../db/client';
import { rallies, rallyPhotos } from '../../db/schema';
import { raisedByYear } from '../../services/donation-totals';

/**
 * Every past rally (or the one of `year`) with its gallery in the organisers' order and what its
 * teams raised, oldest first.
 */
export async function listPastRallies(db: Db, counting: { verifiedOnly: boolean }, year?: number): Promise<PastRally[]> {
  const rows = await db
    .select()
    .from(rallies)
    .where(year === undefined ? undefined : eq(rallies.year, year))
    .orderBy(asc(rallies.year));
  const photos = await db
    .select()
    .from(rallyPhotos)
    .where(year === undefined ? undefined : eq(rallyPhotos.rallyYear, year))
    .orderBy(asc(rallyPhotos.rallyYear), asc(rallyPhotos.position), asc(rallyPhotos.id));
  const raised = await raisedByYear(db, counting);
  return rows.map(({ createdAt: _c, updatedAt: _u, ...rally }) => ({
    ...rally,
    raisedPence: raised.get(rally.year) ?? null,
    gallery: photos
      .filter((p) => p.rallyYear === rally.year)
      .map((p) => ({ id: p.id, url: p.url, thumbUrl: p.thumbUrl, caption: p.caption })),
  }));
}

/** Each past rally's year and destination, newest first (the Previous Rallies menu). */
export async function listRallyMenu(db: Db): Promise<PastRallyMenu> {
  return db.select({ year: rallies.year, destination: rallies.destination }).from(rallies).orderBy(desc(rallies.year));
}

export async function findRally(db: Db, year: number) {
  const [row] = await db.select().from(rallies).where(eq(rallies.year, year));
  return row;
}

export async function findPhoto(db: Db, year: number, id: number) {
  const [row] = await db.select().from(rallyPhotos).where(eq(rallyPhotos.id, id));
  return row?.rallyYear === year ? row : undefined;
}
