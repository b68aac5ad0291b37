import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signups, users } from '../db/schema';

/** The answer to a second registration from an address already on a team; it says nothing about that team. */
export const ALREADY_REGISTERED = 'A team for this rally is already registered with this e-mail address. Log in to see it.';

/** Addresses as the rule compares them: trimmed, lower case, blanks dropped, each once. */
export function entryEmails(emails: (string | null | undefined)[]): string[] {
  return [...new Set(emails.map((e) => (e ?? '').trim().toLowerCase()).filter(Boolean))];
}

/**
 * One team per person per rally year: the id of a team of `year` that holds a place for one of
 * `emails`, or undefined when it holds none. A team holds a place for an address when:
 * - it is linked to that address's account as driver (userId) or accepted co-driver (coDriverUserId);
 * - its co-driver accepted the invitation sent to that address (before having an account);
 * - its driver address is that address and either the team is linked, or no verified account owns
 *   the address yet (an anonymous registration, linked at the address's first verification), so a
 *   second anonymous registration of the same driver gets ALREADY_REGISTERED.
 * An address someone else named, as co-driver, or as driver when a verified account owns it, is an
 * invitation and holds nothing until accepted. Addresses are compared trimmed and in lower case
 * (older rows may hold either). `exceptTeamId` leaves out the team being changed.
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
  const accounts = sql`(select ${users.id} from ${users} where lower(${users.email}) in (${list}))`;
  const verifiedOwner = sql`exists (select 1 from ${users} where lower(${users.email}) = lower(trim(${signups.driverEmail})) and ${users.emailVerifiedAt} is not null)`;
  const [row] = await db
    .select({ id: signups.id })
    .from(signups)
    .where(
      and(
        eq(signups.rallyYear, year),
        exceptTeamId === undefined ? undefined : ne(signups.id, exceptTeamId),
        or(
          sql`${signups.userId} in ${accounts}`,
          sql`${signups.coDriverUserId} in ${accounts}`,
          and(isNotNull(signups.coDriverAcceptedAt), sql`lower(trim(${signups.coDriverEmail})) in (${list})`),
          and(sql`lower(trim(${signups.driverEmail})) in (${list})`, or(isNotNull(signups.userId), sql`not ${verifiedOwner}`)),
        ),
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
