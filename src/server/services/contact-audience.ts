import { and, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contacts } from '../db/schema';
import { currentRallyYear } from './rally-settings';
import type { ContactFilter } from '../../common/schemas/contacts';
import type { MailKind } from '../../common/schemas/bulk-email';

/**
 * A bulk e-mail's audience: the contact list's filters, the kind of mail and the consent choice,
 * and for a message to chosen teams, their signup ids (their drivers and co-drivers).
 */
export type Audience = ContactFilter & {
  kind: MailKind;
  onlyOptedIn: boolean;
  signupIds?: number[];
  /** Only contacts never sent a consent request (the "Request consent" send, unless the organiser asks again). */
  neverAskedForConsent?: boolean;
};

/**
 * Addresses of the teams `which` selects (a condition on signups): each driver, and each co-driver
 * who accepted the invitation, lower-cased like contacts.email. A co-driver address that was only
 * named is whatever the driver typed: until its owner accepts, the invitation is the only mail it gets.
 */
const onTeams = (which: SQL) => sql`${contacts.email} in (
  select lower(trim(driver_email)) from signups where ${which}
  union select lower(trim(co_driver_email)) from signups where ${which} and co_driver_email is not null and co_driver_accepted_at is not null)`;

/** Addresses on this year's teams (driver or accepted co-driver). */
const onThisYearsTeam = () => onTeams(sql`rally_year = ${currentRallyYear}`);

/**
 * THE rule for who may be mailed, used by every count, every audience and the worker's check just
 * before each message goes. Marketing mail honours consent: opted-in contacts (or, when the
 * organiser turns off "only opted in", everyone not opted out). Operational mail about this year's
 * rally goes to this year's teams whatever their newsletter consent. Nothing goes to a bounced
 * address, and a deleted contact has no row, so nothing can go to it.
 */
export function mayReceive(kind: MailKind, onlyOptedIn: boolean): SQL {
  const notBounced = isNull(contacts.bouncedAt);
  if (kind === 'operational') return and(notBounced, onThisYearsTeam())!;
  return and(notBounced, onlyOptedIn ? eq(contacts.consent, 'opted_in') : ne(contacts.consent, 'opted_out'))!;
}

/** The contact list's search and filters. */
export function matchesFilter(f: ContactFilter): SQL | undefined {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    like ? or(ilike(contacts.email, like), ilike(sql`${contacts.firstName} || ' ' || ${contacts.lastName}`, like)) : undefined,
    f.source ? sql`${f.source} = any(${contacts.sources})` : undefined,
    f.consent ? eq(contacts.consent, f.consent) : undefined,
    f.year ? sql`${f.year}::int = any(${contacts.years})` : undefined,
  );
}

/** Addresses of the driver and accepted co-driver of these teams. */
function onTheseTeams(ids: number[]): SQL {
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return onTeams(sql`id in (${list})`);
}

const audienceWhere = (a: Audience) =>
  and(
    matchesFilter(a),
    a.signupIds ? onTheseTeams(a.signupIds) : undefined,
    a.neverAskedForConsent ? isNull(contacts.consentRequestedAt) : undefined,
    mayReceive(a.kind, a.onlyOptedIn),
  );

export async function countAudience(db: Db, a: Audience): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(audienceWhere(a));
  return Number(row?.n ?? 0);
}

export type AudienceMember = {
  email: string;
  name: string | null;
  unsubscribeToken: string;
  mergeFields: { firstName: string; teamName: string };
};

/**
 * This year's team name for each address on a team (as driver or accepted co-driver, like onTeams;
 * the earliest team when there are several), for the {{teamName}} merge field. A table joined once,
 * not a lookup per contact: with an OR across both roles no index helps, and a lookup per contact
 * read every team for each of thousands of contacts.
 */
const teamNames = sql`(select distinct on (address) address, team_name from (
    select lower(trim(driver_email)) as address, team_name, id from signups where rally_year = ${currentRallyYear}
    union all
    select lower(trim(co_driver_email)), team_name, id from signups
      where rally_year = ${currentRallyYear} and co_driver_email is not null and co_driver_accepted_at is not null
  ) as by_role order by address, id) as team_names`;

export async function audienceMembers(db: Db, a: Audience): Promise<AudienceMember[]> {
  const rows = await db
    .select({
      email: contacts.email,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      token: contacts.unsubscribeToken,
      teamName: sql<string | null>`team_names.team_name`,
    })
    .from(contacts)
    .leftJoin(teamNames, sql`team_names.address = ${contacts.email}`)
    .where(audienceWhere(a))
    .orderBy(contacts.id);
  return rows.map((r) => ({
    email: r.email,
    name: `${r.firstName} ${r.lastName}`.trim() || null,
    unsubscribeToken: r.token,
    mergeFields: { firstName: r.firstName, teamName: r.teamName ?? '' },
  }));
}

/**
 * The worker's last check, as a condition on an address (an SQL expression): may it still receive
 * a send of this kind, by the same rule? A condition, so that the worker asks it in the statement
 * that claims the row rather than in a round trip of its own per message.
 */
export function addressMayReceive(address: SQL, kind: MailKind, onlyOptedIn: boolean): SQL {
  return sql`exists (select 1 from ${contacts} where ${contacts.email} = lower(trim(${address})) and ${mayReceive(kind, onlyOptedIn)})`;
}
