import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signups } from '../../db/schema';

/** The answer to a second registration from an address already on a team; it says nothing about that team. */
export const ALREADY_REGISTERED = 'A team for this rally is already registered with this e-mail address. Log in to see it.';

/** Addresses as the rule compares them: trimmed, lower case, blanks dropped, each once. */
export function entryEmails(emails: (string | null | undefined)[]): string[] {
  return [...new Set(emails.map((e) => (e ?? '').trim().toLowerCase()).filter(Boolean))];
}

/**
 * One team per person per rally year: the id of a team of `year` whose driver or co-driver address
 * is one of `emails` (in either role, ignoring case and surrounding spaces), or undefined when the
 * new team clashes with none. Older rows may hold mixed case or spaces, so the columns are
 * normalised here rather than trusted. `exceptTeamId` leaves out the team being changed (a driver
 * naming their co-driver).
 */
export async function findEntryClash(
  db: Db,
  year: number,
  emails: (string | null | undefined)[],
  exceptTeamId?: number,
): Promise<number | undefined> {
  const wanted = entryEmails(emails);
  if (!wanted.length) return undefined;
  const list = sql.join(
    wanted.map((e) => sql`${e}`),
    sql`, `,
  );
  const [row] = await db
    .select({ id: signups.id })
    .from(signups)
    .where(
      and(
        eq(signups.rallyYear, year),
        exceptTeamId === undefined ? undefined : ne(signups.id, exceptTeamId),
        or(sql`lower(trim(${signups.driverEmail})) in (${list})`, sql`lower(trim(${signups.coDriverEmail})) in (${list})`),
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * Holds, until the surrounding transaction ends, a lock per (year, address), so two submits for the
 * same person cannot both pass findEntryClash before either has inserted. Taken in one statement in
 * a fixed order, so two transactions never wait on each other crosswise.
 */
export async function lockEntryEmails(tx: Db, year: number, emails: (string | null | undefined)[]): Promise<void> {
  const wanted = entryEmails(emails);
  if (!wanted.length) return;
  const rows = sql.join(
    wanted.map((e) => sql`(${e})`),
    sql`, `,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(${year}::int, k) from (select distinct hashtext(e) as k from (values ${rows}) as v(e) order by k) as keys`,
  );
}
