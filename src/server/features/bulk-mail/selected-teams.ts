import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signups } from '../../db/schema';
import { HttpError } from '../../errors';

const refuse = (message: string) => new HttpError(400, message, [{ path: ['signupIds'], message }]);
const listed = (items: (string | number)[]) => items.slice(0, 10).join(', ') + (items.length > 10 ? ` and ${items.length - 10} more` : '');

/**
 * The teams an organiser ticked, checked before anything is counted or sent: every id must name a
 * team, and a team of this year's rally (a message about an entry is for the teams taking part).
 * Returns the ids once each.
 */
export async function selectedTeamIds(db: Db, ids: number[], year: number): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: signups.id, teamName: signups.teamName, year: signups.rallyYear })
    .from(signups)
    .where(inArray(signups.id, unique));
  const found = new Set(rows.map((r) => r.id));
  const unknown = unique.filter((id) => !found.has(id));
  if (unknown.length) {
    throw refuse(`No team has the id ${listed(unknown)}. It may have been deleted: reload the registrations and select again.`);
  }
  const earlier = rows.filter((r) => r.year !== year);
  if (earlier.length) {
    throw refuse(
      `Only teams of the ${year} rally can be e-mailed from here; ${listed(earlier.map((r) => r.teamName))} ${
        earlier.length === 1 ? 'is' : 'are'
      } from an earlier year.`,
    );
  }
  return unique;
}
