import { z } from 'zod';
import { rallyYear, rawText } from './primitives';

/** The largest id a PostgreSQL `serial` column holds. */
const MAX_ID = 2_147_483_647;

/**
 * A record id written in a path or query (`/donate/12`, `?signup_id=12`): digits only, 1 to
 * MAX_ID. Anything else ("12abc", "1e1", " 12", "-3") names no record: the server answers 404 and
 * the client shows its not-found state. The one rule for both sides.
 */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** A team's id in a donate link or page path. */
export const parseTeamId = parseId;

/** A numeric id in a route path, by the same rule. */
export const idParamSchema = z.object({
  id: z.string().transform((raw, ctx) => {
    const id = parseId(raw);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: 'Not a valid id' });
      return z.NEVER;
    }
    return id;
  }),
});

/** A rally year in a path (/api/participants/:year). */
export const yearParamSchema = z.object({ year: rallyYear() });

/** A team in a public path: its id or its slug, parsed by the route; never a NUL character. */
export const teamParamSchema = z.object({ id: rawText(200) });
