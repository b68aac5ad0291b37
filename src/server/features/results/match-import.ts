import { resultEntrySchema, type ResultEntry, type ResultsImport } from '../../../common/schemas/results';
import { fullName, personNameKey } from '../../../common/person-name';
import type { YearTeam } from './queries';

/** The results file: the historic import's columns (year, firstName, lastName, email) plus the results. */
export const RESULTS_COLUMNS = { required: ['year', 'firstName', 'lastName', 'rank', 'carNumber'], optional: ['email', 'score'] } as const;
type Column = (typeof RESULTS_COLUMNS)['required' | 'optional'][number];
/** A row of the results file: its line and its cells by column (services/spreadsheets/read-sheet.ts fills every column, '' when absent). */
export type ResultsRow = { line: number; cells: Record<Column, string> };

export type MatchedRow = ResultsImport['matched'][number] & { entry: ResultEntry & { rank: number; carNumber: number } };

/** A cell as a number for the shared schema: digits (with an optional fraction) or nothing; anything else fails it. */
const numberCell = (cell: string) => (cell === '' ? null : /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : Number.NaN);

/**
 * Matches each row of a results file to one of the year's teams, in this order: the row's first
 * and last name is the team's driver or co-driver (ignoring case, spaces and accents); else its
 * e-mail is the driver's or co-driver's address. A row is skipped, with the reason, when its year
 * is another, its numbers are not valid, or it matches no team or more than one (planImport then
 * decides between rows for the same team and rows whose rank or car number clash).
 */
export function matchResultRows(
  year: number,
  rows: readonly ResultsRow[],
  teams: readonly YearTeam[],
): { matched: MatchedRow[]; skipped: ResultsImport['skipped'] } {
  const byName = new Map<string, YearTeam[]>();
  const byEmail = new Map<string, YearTeam[]>();
  const add = (index: Map<string, YearTeam[]>, key: string | null | undefined, team: YearTeam) => {
    if (!key) return;
    const list = index.get(key) ?? [];
    if (!list.includes(team)) index.set(key, [...list, team]);
  };
  for (const t of teams) {
    add(byName, personNameKey(t.driverFirstName, t.driverLastName), t);
    add(byName, personNameKey(t.coDriverFirstName, t.coDriverLastName), t);
    add(byEmail, t.driverEmail.trim().toLowerCase(), t);
    add(byEmail, t.coDriverEmail?.trim().toLowerCase(), t);
  }
  const matched: MatchedRow[] = [];
  const skipped: ResultsImport['skipped'] = [];
  for (const { line, cells: row } of rows) {
    const skip = (reason: string) => skipped.push({ line, reason });
    if (row.year !== String(year)) {
      skip(row.year ? `the year is ${row.year}, not ${year}` : 'the year is empty');
      continue;
    }
    const name = fullName(row.firstName, row.lastName);
    const byTheName = byName.get(personNameKey(row.firstName, row.lastName) ?? '') ?? [];
    const email = row.email.trim().toLowerCase();
    const byTheEmail = email ? (byEmail.get(email) ?? []) : [];
    const [found, by] = byTheName.length ? [byTheName, 'name' as const] : [byTheEmail, 'email' as const];
    if (found.length > 1) {
      skip(`${name ?? email} is in more than one team (${found.map((t) => t.teamName).join(', ')})`);
      continue;
    }
    const team = found[0];
    if (!team) {
      const who = [name ? `named ${name}` : '', email ? `with the address ${email}` : ''].filter(Boolean).join(' or ');
      skip(who ? `no team of ${year} has a driver or co-driver ${who}` : 'the row has no name or address');
      continue;
    }
    const parsed = resultEntrySchema.safeParse({
      signupId: team.signupId,
      rank: numberCell(row.rank),
      carNumber: numberCell(row.carNumber),
      score: numberCell(row.score),
    });
    if (!parsed.success || parsed.data.rank === null || parsed.data.carNumber === null) {
      const issues = parsed.success ? ['Rank is required'] : parsed.error.issues.map((i) => i.message);
      skip(`${team.teamName}: ${[...new Set(issues)].join('; ')}`);
      continue;
    }
    const { rank, carNumber, score } = parsed.data;
    matched.push({ line, teamName: team.teamName, by, rank, carNumber, score, entry: { ...parsed.data, rank, carNumber } });
  }
  return { matched, skipped };
}
