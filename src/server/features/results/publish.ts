import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { WinnerRecord } from '../../../common/schemas/winners';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { fullName } from '../../../common/person-name';
import type { Db } from '../../db/client';
import { contacts, historicParticipants, winners } from '../../db/schema';
import { addRallyToHistory } from '../../services/rally-settings';
import { yearTeams, type YearTeam } from './queries';

export type PublishOutcome = { added: number; updated: number; removed: number; winner: WinnerRecord | null };

/** A person's marketing answer as a historic record holds it: the contact list's consent (true, false, or not asked). */
async function optIns(db: Db, teams: YearTeam[]): Promise<Map<string, boolean | null>> {
  const emails = [...new Set(teams.flatMap((t) => [t.driverEmail, t.coDriverEmail]).flatMap((e) => (e ? [e.trim().toLowerCase()] : [])))];
  const rows = emails.length
    ? await db.select({ email: contacts.email, consent: contacts.consent }).from(contacts).where(inArray(contacts.email, emails))
    : [];
  return new Map(rows.map((r) => [r.email, r.consent === 'opted_in' ? true : r.consent === 'opted_out' ? false : null]));
}

/**
 * "Publish results": the year's teams (not withdrawn, not waiting) become that year's historic
 * records, each with its driver and co-driver, their addresses and their consent from the contact
 * list, and the team's rank, car number and score. A team published before is updated in place (its
 * record names the team), a team withdrawn since is taken out, and the rank 1 team becomes the
 * year's winners row. The historic records feed the contact list through migration 0008's trigger,
 * which never turns an opt-out back. The rally joins the rally history if it is not there yet, so
 * /rally/{year} shows the teams. One transaction.
 */
export async function publishResults(db: Db, settings: RallySettings): Promise<PublishOutcome> {
  const { year } = settings;
  return db.transaction(async (tx) => {
    // One publish or results save of a year at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rally-results'), ${year})`);
    const teams = await yearTeams(tx, year);
    const consent = await optIns(tx, teams);
    const optIn = (email: string | null) => (email ? (consent.get(email.trim().toLowerCase()) ?? null) : null);
    const ids = teams.map((team) => team.signupId);
    const removed = await tx
      .delete(historicParticipants)
      .where(
        and(
          eq(historicParticipants.year, year),
          isNotNull(historicParticipants.signupId),
          ids.length ? notInArray(historicParticipants.signupId, ids) : undefined,
        ),
      )
      .returning({ id: historicParticipants.id });
    const before = ids.length
      ? await tx
          .select({ signupId: historicParticipants.signupId })
          .from(historicParticipants)
          .where(inArray(historicParticipants.signupId, ids))
      : [];
    for (const team of teams) {
      const record = {
        year,
        rank: team.rank,
        carNumber: team.carNumber,
        totalScore: team.score,
        teamName: team.teamName,
        driverFirstName: team.driverFirstName,
        driverLastName: team.driverLastName,
        coDriverFirstName: team.coDriverFirstName,
        coDriverLastName: team.coDriverLastName,
        carModel: [team.carMake, team.carModel].filter(Boolean).join(' ') || null,
        email: team.driverEmail,
        coDriverEmail: team.coDriverEmail,
        emailOptIn: optIn(team.driverEmail),
        coDriverEmailOptIn: optIn(team.coDriverEmail),
      };
      await tx
        .insert(historicParticipants)
        .values({ ...record, signupId: team.signupId })
        .onConflictDoUpdate({ target: historicParticipants.signupId, set: record });
    }
    const first = teams.find((team) => team.rank === 1);
    let winner: WinnerRecord | null = null;
    if (first) {
      const names = [fullName(first.driverFirstName, first.driverLastName), fullName(first.coDriverFirstName, first.coDriverLastName)];
      winner = { year, destination: settings.destination, winners: names.filter(Boolean).join(' & '), teamName: first.teamName };
      const { year: _year, ...fields } = winner;
      await tx.insert(winners).values(winner).onConflictDoUpdate({ target: winners.year, set: fields });
    }
    await addRallyToHistory(tx, settings);
    return { added: teams.length - before.length, updated: before.length, removed: removed.length, winner };
  });
}
