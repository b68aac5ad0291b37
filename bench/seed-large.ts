/** The benchmark data set: 1,000 teams, 100,000 donations, 5,000 historic participants. */
import type { Db } from '../src/server/db/client';
import { donations, historicParticipants, rallies, signups } from '../src/server/db/schema';
import { seededRandom } from '../src/server/seed/random';
import { carModels, firstNames, historicTeamNames, lastNames } from '../src/server/seed/demo-people';
import { teamInput } from '../src/common/factories';

export const LARGE = { teams: 1000, donations: 100_000, historic: 5000 };

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export type SeededPerson = { year: number; firstName: string; lastName: string };

/** Seeds the data set; returns the historic ralliers so the import bench can name them. */
export async function seedLarge(db: Db): Promise<SeededPerson[]> {
  const rand = seededRandom(42);
  const teamRows = Array.from({ length: LARGE.teams }, (_, i) => {
    const first = rand.pick(firstNames);
    const last = rand.pick(lastNames);
    return teamInput({
      teamName: `${rand.pick(historicTeamNames)} ${i + 1}`,
      driverFirstName: first,
      driverLastName: last,
      driverEmail: `driver${i}@bench.example`,
      driverPhone: '07700 900000',
      driverAddress: '1 Bench Street, St Helier',
      coDriverFirstName: rand.pick(firstNames),
      coDriverLastName: rand.pick(lastNames),
      carMake: 'Volvo',
      carModel: rand.pick(carModels),
      carYear: rand.int(1970, 2020),
      emergencyContactName: 'Pat Bench',
      emergencyContactPhone: '01534 000000',
      emergencyContactRelationship: 'Partner',
      sponsors: [{ name: 'Bench Sponsor', url: 'https://example.org' }],
      justGivingUrl: rand.chance(0.5) ? `https://www.justgiving.com/page/bench-${i}` : null,
    });
  });
  const ids: number[] = [];
  await inChunks(teamRows, 500, async (chunk) => {
    const rows = await db.insert(signups).values(chunk).returning({ id: signups.id });
    ids.push(...rows.map((r) => r.id));
  });
  const donationRows = Array.from({ length: LARGE.donations }, () => ({
    signupId: rand.pick(ids),
    amount: rand.int(100, 50_000),
    donorName: `${rand.pick(firstNames)} ${rand.pick(lastNames)}`,
    paymentMethod: 'justgiving' as const,
  }));
  await inChunks(donationRows, 2000, (chunk) => db.insert(donations).values(chunk));
  const years = (await db.select({ year: rallies.year }).from(rallies)).map((r) => r.year);
  const historicRows = Array.from({ length: LARGE.historic }, (_, i) => ({
    year: years[i % years.length]!, // the rally history is never empty
    rank: Math.floor(i / years.length) + 1,
    carNumber: rand.int(1, 99),
    teamName: rand.pick(historicTeamNames),
    driverFirstName: rand.pick(firstNames),
    driverLastName: `${rand.pick(lastNames)}${i}`,
    coDriverFirstName: rand.pick(firstNames),
    coDriverLastName: rand.pick(lastNames),
    carModel: rand.pick(carModels),
    totalScore: rand.int(100, 1000),
    email: `historic${i}@bench.example`,
    emailOptIn: true,
  }));
  await inChunks(historicRows, 1000, (chunk) => db.insert(historicParticipants).values(chunk));
  return historicRows.map((r) => ({ year: r.year, firstName: r.driverFirstName, lastName: r.driverLastName }));
}
