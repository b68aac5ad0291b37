import { asc, count } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { donations, historicParticipants, rallies, signups, users } from '../db/schema';
import { hashPassword } from '../services/passwords';
import { seededRandom } from './random';
import { carModels, firstNames, historicTeamNames, lastNames } from './demo-people';
import { demoTeams } from './demo-teams';
import { teamInput } from '../../common/factories';
import { theRow } from '../db/rows';

export const DEMO_ADMIN_EMAIL = 'admin@demo.jerseycharityrally.org';
export const DEMO_PASSWORD = 'rally-demo-2026';

type Person = { first: string; last: string; email: string | null; optIn: boolean | null };

/** A pool of recurring ralliers, so the historic database shows people across several years. */
function peoplePool(rand: ReturnType<typeof seededRandom>): Person[] {
  const people: Person[] = [];
  const seen = new Set<string>();
  while (people.length < 160) {
    const first = rand.pick(firstNames);
    const last = rand.pick(lastNames);
    const key = `${first} ${last}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const hasEmail = rand.chance(0.65);
    const email = hasEmail ? `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.je' : null;
    const optIn = hasEmail ? rand.pick([true, true, false, null] as const) : null;
    people.push({ first, last, email, optIn });
  }
  return people;
}

/** Historic ralliers for each of the given past rally years (the rallies table's). */
export function buildHistoricRows(years: number[], seed = 2008) {
  const rand = seededRandom(seed);
  const people = peoplePool(rand);
  const rows: (typeof historicParticipants.$inferInsert)[] = [];
  for (const year of years) {
    const cars = year === 2008 ? 32 : rand.int(16, 28);
    const teams = [...historicTeamNames].sort(() => rand.next() - 0.5);
    const used = new Set<number>();
    const pickPerson = () => {
      let i = rand.int(0, people.length - 1);
      while (used.has(i)) i = (i + 1) % people.length;
      used.add(i);
      const person = people[i];
      if (!person) throw new Error('the demo people pool is empty');
      return person;
    };
    for (let rank = 1; rank <= cars; rank++) {
      const driver = pickPerson();
      const coDriver = rand.chance(0.95) ? pickPerson() : null;
      const token = () => (rand.chance(0.8) ? randomBytes(24).toString('base64url') : null);
      rows.push({
        year,
        rank: rand.chance(0.96) ? rank : null,
        carNumber: rand.int(1, 99),
        teamName: teams[(rank - 1) % teams.length] ?? `Team ${rank}`,
        driverFirstName: driver.first,
        driverLastName: driver.last,
        coDriverFirstName: coDriver?.first ?? null,
        coDriverLastName: coDriver?.last ?? null,
        carModel: rand.chance(0.92) ? rand.pick(carModels) : null,
        totalScore: Math.max(0, 1000 - rank * rand.int(18, 30)),
        email: driver.email,
        coDriverEmail: coDriver?.email ?? null,
        emailOptIn: driver.optIn,
        coDriverEmailOptIn: coDriver?.optIn ?? null,
        unsubscribeToken: driver.email ? token() : null,
        coDriverUnsubscribeToken: coDriver?.email ? token() : null,
      });
    }
  }
  return rows;
}

/**
 * Loads the demo data into an empty database: historic ralliers for every past year, a dozen
 * 2026 teams with sponsors and donations, a demo admin and a demo rallier. Does nothing when the
 * database already has rally data, so running it twice duplicates nothing.
 */
export async function seedDemoIfEmpty(db: Db, opts: { production?: boolean } = {}) {
  const { n: historic } = theRow(await db.select({ n: count() }).from(historicParticipants), 'the historic participant count');
  const { n: teams } = theRow(await db.select({ n: count() }).from(signups), 'the team count');
  if (historic > 0 || teams > 0) return null;

  // In production no account gets a password at all: a published one would let anyone in, and a
  // random one would have to be shown, so it would end up in a log. The organiser sets one with a
  // password reset link (demoLoadedLine says how).
  const passwordHash = opts.production ? null : await hashPassword(DEMO_PASSWORD);
  const adminPassword = passwordHash;
  const rallierPassword = passwordHash;
  const [rallierTeam] = demoTeams;
  if (!rallierTeam) throw new Error('the demo data has no teams');
  const rallierEmail = rallierTeam.driverEmail;
  const emailVerifiedAt = new Date();
  await db.transaction(async (tx) => {
    const years = (await tx.select({ year: rallies.year }).from(rallies).orderBy(asc(rallies.year))).map((r) => r.year);
    const rows = buildHistoricRows(years);
    for (let i = 0; i < rows.length; i += 200) await tx.insert(historicParticipants).values(rows.slice(i, i + 200));

    await tx
      .insert(users)
      .values([
        { email: DEMO_ADMIN_EMAIL, password: adminPassword, firstName: 'Demo', lastName: 'Organiser', isAdmin: true, emailVerifiedAt },
      ])
      .onConflictDoNothing();
    const [rallier] = await tx
      .insert(users)
      .values({
        email: rallierEmail,
        password: rallierPassword,
        emailVerifiedAt,
        firstName: rallierTeam.driverFirstName,
        lastName: rallierTeam.driverLastName,
      })
      .onConflictDoNothing()
      .returning();

    const rand = seededRandom(2026);
    for (const [index, { donations: gifts, ...team }] of demoTeams.entries()) {
      const signup = theRow(
        await tx
          .insert(signups)
          .values(teamInput({ ...team, userId: index === 0 ? rallier?.id : null }))
          .returning(),
        'the new demo team',
      );
      if (gifts.length) {
        await tx.insert(donations).values(
          gifts.map((amount, i) => {
            // Some gifts were handed to the organisers (verified), the rest typed by the team.
            const byOrganiser = rand.chance(0.3);
            return {
              signupId: signup.id,
              amount,
              donorName: rand.chance(0.2) ? 'Anonymous' : `${rand.pick(firstNames)} ${rand.pick(lastNames)}`,
              isAnonymous: false,
              paymentMethod: byOrganiser
                ? rand.pick(['cash', 'cheque', 'bank_transfer'] as const)
                : rand.pick(['justgiving', 'cash', 'cheque', 'bank_transfer'] as const),
              message: i === 0 ? 'Good luck on the road to Cannes!' : null,
              source: byOrganiser ? 'organiser' : 'participant',
              state: byOrganiser ? 'verified' : 'reported',
            };
          }),
        );
      }
    }
  });
  return { adminEmail: DEMO_ADMIN_EMAIL, rallierEmail, withPasswords: !opts.production };
}

/**
 * Whether a start loads the demo data into an empty database: when SEED_DEMO says so, and otherwise
 * on the embedded database outside production only. A production site on the embedded database
 * starts empty unless asked (SEED_DEMO=1): demo teams and a second organiser are not its data.
 */
export const loadsDemoData = (config: { SEED_DEMO?: boolean; embedded: boolean; NODE_ENV: string }) =>
  config.SEED_DEMO ?? (config.embedded && config.NODE_ENV !== 'production');

/**
 * What the start (and `npm run seed:demo`) says once the demo data is in: the accounts, never a
 * password, since the console is the log. Outside production they have the demo password README.md
 * publishes; in production none, and this says how the organiser sets one.
 */
export function demoLoadedLine(seeded: { adminEmail: string; rallierEmail: string; withPasswords: boolean }): string {
  return seeded.withPasswords
    ? `demo data loaded; demo organiser ${seeded.adminEmail} and demo rallier ${seeded.rallierEmail}, with the demo password of README.md ("Demo logins")`
    : `demo data loaded; the demo organiser ${seeded.adminEmail} has no password yet: set one with "Forgotten your password?" on the sign-in page (without SMTP_URL the link is written to DATA_DIR/outbox), or name your own organiser with ADMIN_EMAIL`;
}
