import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamUpdates } from '../../db/schema';

/**
 * Whether a site address is the photo (or its thumbnail) of a hidden update: the uploads' file
 * server refuses it, so hiding an update takes its photo off the site too (docs/features/team-updates.md).
 */
export async function isHiddenUpdatePhoto(db: Db, url: string): Promise<boolean> {
  const photo = url.split(/[?#]/)[0]!.replace(/-thumb\.webp$/, '.webp');
  const [row] = await db
    .select({ id: teamUpdates.id })
    .from(teamUpdates)
    .where(and(eq(teamUpdates.photoUrl, photo), isNotNull(teamUpdates.hiddenAt)))
    .limit(1);
  return row !== undefined;
}
