import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donations, emailUpdates, historicParticipants, signups, users, winners, type User } from '../../db/schema';

/** A person's account, by e-mail (any case). */
export async function findAccount(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

/**
 * Which teams are the person's: the ones the account owns; for an organiser acting on a request
 * by e-mail, also the teams registered with that driver address but never linked to an account.
 */
function teamsOf(person: { userId?: string; email?: string }): SQL {
  const conditions: SQL[] = [];
  if (person.userId) conditions.push(eq(signups.userId, person.userId));
  if (person.email) conditions.push(sql`lower(${signups.driverEmail}) = ${person.email.trim().toLowerCase()}`);
  return or(...conditions)!;
}

/** Everything the site holds about the person: account, teams (with sponsors and their sensitive values), donations. */
export async function exportPersonalData(db: Db, person: { user?: User; email?: string }) {
  const teams = await db
    .select()
    .from(signups)
    .where(teamsOf({ userId: person.user?.id, email: person.email }))
    .orderBy(signups.id);
  const gifts = teams.length
    ? await db
        .select()
        .from(donations)
        .where(
          inArray(
            donations.signupId,
            teams.map((t) => t.id),
          ),
        )
        .orderBy(desc(donations.createdAt))
    : [];
  const email = person.user?.email ?? person.email;
  const subscriptions = email
    ? await db
        .select()
        .from(emailUpdates)
        .where(sql`lower(${emailUpdates.email}) = ${email.toLowerCase()}`)
    : [];
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
    teams: teams.map(({ userId: _userId, ...team }) => ({
      ...team,
      createdAt: team.createdAt.toISOString(),
      updatedAt: team.updatedAt.toISOString(),
    })),
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
    emailUpdates: subscriptions.map((s) => ({ name: s.name, email: s.email, createdAt: s.createdAt.toISOString() })),
  };
}

/**
 * Erases a person: the account goes (its sessions and reset links with it), the personal fields of
 * their teams are cleared and each team is renamed "Withdrawn team N", so its donations still count
 * in the totals. One transaction. Returns how many teams were anonymised.
 */
export async function erasePerson(db: Db, person: { user?: User; email?: string }): Promise<{ teams: number }> {
  return db.transaction(async (tx) => {
    const teams = await tx
      .select({ id: signups.id })
      .from(signups)
      .where(teamsOf({ userId: person.user?.id, email: person.email }));
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
          coDriverFirstName: null,
          coDriverLastName: null,
          coDriverEmail: null,
          coDriverPhone: null,
          coDriverAddress: null,
          coDriverPassport: null,
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
    const email = person.user?.email ?? person.email;
    if (email) await tx.delete(emailUpdates).where(sql`lower(${emailUpdates.email}) = ${email.toLowerCase()}`);
    // Sessions and reset tokens go with the account (ON DELETE CASCADE).
    if (person.user) await tx.delete(users).where(eq(users.id, person.user.id));
    return { teams: teams.length };
  });
}
