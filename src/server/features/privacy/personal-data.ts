import { and, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { endFormerMemberAccess } from '../../services/member-access';
import { revokeInvitation } from '../../services/team-invitations';
import { coDriverOwnData, driverOwnData, noCoDriver } from '../../services/team-views';
import type { PersonalDataPart } from '../../services/personal-data';
import type { Db } from '../../db/client';
import {
  donations,
  emailUpdates,
  historicParticipants,
  signups,
  teamPositions,
  sosAlerts,
  teamTracking,
  users,
  winners,
  type User,
} from '../../db/schema';

type Person = { user?: User; email?: string };

/** The address that is surely the person's: an organiser's request names it; an account's counts once verified. */
function provenEmail(person: Person): string | undefined {
  const email = person.email ?? (person.user?.emailVerifiedAt ? person.user.email : undefined);
  return email?.trim().toLowerCase();
}

/**
 * The teams the person drives: the ones the account owns; for an organiser acting on a request by
 * e-mail, also the teams registered with that driver address but never linked to an account.
 */
function drivenBy(person: Person): SQL {
  const conditions: SQL[] = [];
  if (person.user) conditions.push(eq(signups.userId, person.user.id));
  if (person.email) conditions.push(sql`lower(${signups.driverEmail}) = ${person.email.trim().toLowerCase()}`);
  return or(...conditions)!;
}

/**
 * The teams on which the person is co-driver: the ones whose invitation the account accepted, and
 * those naming the person's proven address (their name and details are there, accepted or not).
 */
function coDrivenBy(person: Person): SQL {
  const conditions: SQL[] = [];
  if (person.user) conditions.push(eq(signups.coDriverUserId, person.user.id));
  const email = provenEmail(person);
  if (email) conditions.push(sql`lower(trim(${signups.coDriverEmail})) = ${email}`);
  return conditions.length ? or(...conditions)! : sql`false`;
}

/**
 * Everything the site holds about the person: account, their own details on every team they drive
 * or co-drive (services/team-views.ts decides which fields are theirs; never another member's
 * passport, address or phone), the donations of the teams they are on, subscriptions, and each
 * feature's part (`parts`: the teams' updates, the address's follows).
 */
export async function exportPersonalData(db: Db, person: Person, parts: PersonalDataPart[]) {
  const driven = await db.select().from(signups).where(drivenBy(person)).orderBy(signups.id);
  const coDriven = (await db.select().from(signups).where(coDrivenBy(person)).orderBy(signups.id)).filter(
    (t) => !driven.some((d) => d.id === t.id),
  );
  // Donations name other people: only of the teams the person is on (an unanswered invitation is not).
  const onTeams = [...driven, ...coDriven.filter((t) => t.coDriverAcceptedAt || t.coDriverUserId)].map((t) => t.id);
  const gifts = onTeams.length
    ? await db.select().from(donations).where(inArray(donations.signupId, onTeams)).orderBy(desc(donations.createdAt))
    : [];
  // Where the person's car was, while its team shared its position (features/tracking).
  const positions = onTeams.length
    ? await db
        .select()
        .from(teamPositions)
        .where(inArray(teamPositions.signupId, onTeams))
        .orderBy(teamPositions.signupId, teamPositions.recordedAt)
    : [];
  const email = person.user?.email ?? person.email;
  const subscriptions = email
    ? await db
        .select()
        .from(emailUpdates)
        .where(sql`lower(${emailUpdates.email}) = ${email.toLowerCase()}`)
    : [];
  const subject = { teamIds: onTeams, provenEmail: provenEmail(person) };
  const partData: Record<string, unknown[]> = {};
  for (const part of parts) partData[part.key] = await part.exportOf(db, subject);
  return {
    exportedAt: new Date().toISOString(),
    account: person.user
      ? {
          id: person.user.id,
          email: person.user.email,
          firstName: person.user.firstName,
          lastName: person.user.lastName,
          isOrganiser: person.user.isAdmin,
          createdAt: person.user.createdAt.toISOString(),
        }
      : null,
    teams: [...driven.map(driverOwnData), ...coDriven.map(coDriverOwnData)],
    donations: gifts.map((d) => ({
      id: d.id,
      signupId: d.signupId,
      amount: d.amount,
      currency: d.currency,
      donorName: d.donorName,
      donorEmail: d.donorEmail,
      isAnonymous: d.isAnonymous,
      hideAmount: d.hideAmount,
      paymentMethod: d.paymentMethod,
      message: d.message,
      createdAt: d.createdAt.toISOString(),
    })),
    positions: positions.map((p) => ({
      signupId: p.signupId,
      lat: p.lat,
      lng: p.lng,
      accuracy: p.accuracy,
      recordedAt: p.recordedAt.toISOString(),
      source: p.source,
    })),
    emailUpdates: subscriptions.map((s) => ({ name: s.name, email: s.email, createdAt: s.createdAt.toISOString() })),
    ...partData,
  };
}

/** Whether a download found anything of the person: an account, a team, a subscription, or a part's record. */
export function holdsAnything(data: Awaited<ReturnType<typeof exportPersonalData>>, parts: PersonalDataPart[]): boolean {
  return Boolean(
    data.account ||
    data.teams.length ||
    data.emailUpdates.length ||
    parts.some((p) => ((data as Record<string, unknown>)[p.key] as unknown[]).length),
  );
}

/**
 * Erases a person: the account goes (its sessions and reset links with it); the teams they drive
 * are cleared of personal fields and renamed "Withdrawn team N", so their donations still count in
 * the totals; on the teams they co-drive only their own details go (the team stays its driver's);
 * each feature's part erases its own records (`parts`). One transaction. Returns how many teams
 * were changed, and what the parts counted (how many team follows went).
 */
export async function erasePerson(
  db: Db,
  person: Person,
  parts: PersonalDataPart[],
): Promise<{ teams: number; counted: Record<string, number> }> {
  return db.transaction(async (tx) => {
    const teams = await tx.select({ id: signups.id }).from(signups).where(drivenBy(person));
    // The page address goes with the rest, but a confirmed page's total stays in the totals: this
    // tells the trigger of migration 0021 to drop only the page row (it names the person), not the
    // team's ledger line. Set back once the teams are blanked, for the rest of the transaction.
    await keepJustGivingLines(tx, true);
    for (const { id } of teams) {
      await tx
        .update(signups)
        .set({
          userId: null,
          teamName: `Withdrawn team ${id}`,
          driverFirstName: 'Withdrawn',
          driverLastName: 'team',
          driverEmail: '',
          driverPhone: '',
          driverAddress: '',
          driverPassport: null,
          ...noCoDriver,
          carRegistration: null,
          carImageUrl: null,
          dietaryRequirements: null,
          medicalConditions: null,
          emergencyContactName: '',
          emergencyContactPhone: '',
          emergencyContactRelationship: '',
          justGivingUrl: null,
          previousRally: false,
          previousRallyYears: [],
        })
        .where(eq(signups.id, id));
    }
    await keepJustGivingLines(tx, false);
    // Where the driven teams' cars were and their tracker addresses go with the driver (their updates: a part, below).
    if (teams.length) {
      const ids = teams.map((t) => t.id);
      await tx.delete(teamPositions).where(inArray(teamPositions.signupId, ids));
      await tx.delete(teamTracking).where(inArray(teamTracking.signupId, ids));
      // SOS alerts carry where the phone was. The driver's Web Push subscriptions go with the account
      // (cascade); the co-driver's, now that the team names no one, go below with a former member's.
      await tx.delete(sosAlerts).where(inArray(sosAlerts.signupId, ids));
    }
    const coDriven = await tx
      .update(signups)
      .set(noCoDriver)
      .where(
        and(
          coDrivenBy(person),
          teams.length
            ? notInArray(
                signups.id,
                teams.map((x) => x.id),
              )
            : undefined,
        ),
      )
      .returning({ id: signups.id });
    for (const { id } of [...teams, ...coDriven]) await revokeInvitation(tx, id, 'co-driver');
    // Their phones stop hearing the co-driven teams' messages and the tracker address may be on one of
    // them; a blanked team's co-driver is no longer on it either.
    for (const { id } of [...teams, ...coDriven]) await endFormerMemberAccess(tx, id, true);
    // A team's published results (Publish results) name its driver and co-driver: they go too, with
    // the winners row made from them.
    const published = teams.length
      ? await tx
          .delete(historicParticipants)
          .where(
            inArray(
              historicParticipants.signupId,
              teams.map((t) => t.id),
            ),
          )
          .returning({ year: historicParticipants.year, rank: historicParticipants.rank, teamName: historicParticipants.teamName })
      : [];
    for (const r of published)
      if (r.rank === 1 && r.teamName) await tx.delete(winners).where(and(eq(winners.year, r.year), eq(winners.teamName, r.teamName)));
    // Only an address the person has proved: an unconfirmed account cannot end someone else's follows.
    const email = provenEmail(person);
    if (email) await tx.delete(emailUpdates).where(sql`lower(${emailUpdates.email}) = ${email.toLowerCase()}`);
    const counted: Record<string, number> = {};
    const erased = { drivenTeamIds: teams.map((t) => t.id), provenEmail: email };
    for (const part of parts) Object.assign(counted, await part.erase(tx, erased));
    // Sessions and reset tokens go with the account (ON DELETE CASCADE).
    if (person.user) await tx.delete(users).where(eq(users.id, person.user.id));
    return { teams: teams.length + coDriven.length, counted };
  });
}

/** Read by forget_justgiving_page (migration 0021); local to the transaction, so it never outlives it. */
async function keepJustGivingLines(tx: Db, keep: boolean): Promise<void> {
  await tx.execute(sql`select set_config('rally.keep_justgiving_line', ${keep ? 'on' : 'off'}, true)`);
}
