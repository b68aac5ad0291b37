import { and, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { personNameKey } from '../../common/person-name';
import type { VeteranYears } from '../../common/schemas/veterans';
import type { Db } from '../db/client';
import { historicParticipants, users } from '../db/schema';

type Team = {
  id: number;
  rallyYear: number;
  driverFirstName: string;
  driverLastName: string;
  driverEmail: string;
  coDriverFirstName: string | null;
  coDriverLastName: string | null;
  coDriverEmail: string | null;
};

const add = (index: Map<string, Set<number>>, key: string | null | undefined, year: number) => {
  if (key) index.set(key, (index.get(key) ?? new Set()).add(year));
};

/**
 * The earlier rallies of each team's driver and co-driver, from the historic database, so nobody
 * has to type them: a historic driver or co-driver with the same name (case, spaces and accents
 * ignored), or with the person's address when it is the verified e-mail of their account. Only
 * years before the team's own count.
 */
export async function veteranYears(db: Db, teams: readonly Team[]): Promise<Map<number, VeteranYears>> {
  const answer = new Map<number, VeteranYears>();
  if (!teams.length) return answer;
  const latest = Math.max(...teams.map((t) => t.rallyYear));
  const records = await db
    .select({
      year: historicParticipants.year,
      driverFirstName: historicParticipants.driverFirstName,
      driverLastName: historicParticipants.driverLastName,
      coDriverFirstName: historicParticipants.coDriverFirstName,
      coDriverLastName: historicParticipants.coDriverLastName,
      email: historicParticipants.email,
      coDriverEmail: historicParticipants.coDriverEmail,
    })
    .from(historicParticipants)
    .where(lt(historicParticipants.year, latest));
  const byName = new Map<string, Set<number>>();
  const byEmail = new Map<string, Set<number>>();
  for (const r of records) {
    add(byName, personNameKey(r.driverFirstName, r.driverLastName), r.year);
    add(byName, personNameKey(r.coDriverFirstName, r.coDriverLastName), r.year);
    add(byEmail, r.email?.trim().toLowerCase(), r.year);
    add(byEmail, r.coDriverEmail?.trim().toLowerCase(), r.year);
  }
  const addresses = [
    ...new Set(teams.flatMap((t) => [t.driverEmail, t.coDriverEmail]).flatMap((e) => (e ? [e.trim().toLowerCase()] : []))),
  ];
  const verified = new Set(
    addresses.length
      ? (
          await db
            .select({ email: sql<string>`lower(${users.email})` })
            .from(users)
            .where(and(inArray(sql`lower(${users.email})`, addresses), isNotNull(users.emailVerifiedAt)))
        ).map((u) => u.email)
      : [],
  );
  const yearsOf = (team: Team, first: string | null, last: string | null, email: string | null) => {
    const address = email?.trim().toLowerCase();
    const years = new Set([
      ...(byName.get(personNameKey(first, last) ?? '') ?? []),
      ...(address && verified.has(address) ? (byEmail.get(address) ?? []) : []),
    ]);
    return [...years].filter((y) => y < team.rallyYear).sort((a, b) => a - b);
  };
  for (const t of teams)
    answer.set(t.id, {
      driver: yearsOf(t, t.driverFirstName, t.driverLastName, t.driverEmail),
      coDriver: yearsOf(t, t.coDriverFirstName, t.coDriverLastName, t.coDriverEmail),
    });
  return answer;
}
