import { stringify } from 'csv-stringify/sync';
import { penceToPounds } from '../../../common/money';
import { neutraliseCell } from '../../services/spreadsheet-cells';
import type { TeamWithTotals } from './queries';

type Column = [string, (s: TeamWithTotals) => unknown, 'sensitive'?];

/** Column heading and value for each field of a registration, in the organisers' reading order. */
const columns: Column[] = [
  ['ID', (s) => s.id],
  ['Rally year', (s) => s.rallyYear],
  ['Team name', (s) => s.teamName],
  ['Driver first name', (s) => s.driverFirstName],
  ['Driver last name', (s) => s.driverLastName],
  ['Driver email', (s) => s.driverEmail],
  ['Driver phone', (s) => s.driverPhone],
  ['Driver address', (s) => s.driverAddress],
  ['Driver passport', (s) => s.driverPassport, 'sensitive'],
  ['Co-driver first name', (s) => s.coDriverFirstName],
  ['Co-driver last name', (s) => s.coDriverLastName],
  ['Co-driver email', (s) => s.coDriverEmail],
  ['Co-driver phone', (s) => s.coDriverPhone],
  ['Co-driver address', (s) => s.coDriverAddress],
  ['Co-driver passport', (s) => s.coDriverPassport, 'sensitive'],
  ['Car make', (s) => s.carMake],
  ['Car model', (s) => s.carModel],
  ['Car year', (s) => s.carYear],
  ['Car registration', (s) => s.carRegistration],
  ['Car image URL', (s) => s.carImageUrl],
  ['Previous rally', (s) => (s.previousRally ? 'Yes' : 'No')],
  ['Previous rally years', (s) => s.previousRallyYears.join(' ')],
  ['Dietary requirements', (s) => s.dietaryRequirements, 'sensitive'],
  ['Medical conditions', (s) => s.medicalConditions, 'sensitive'],
  ['Emergency contact name', (s) => s.emergencyContactName],
  ['Emergency contact phone', (s) => s.emergencyContactPhone],
  ['Emergency contact relationship', (s) => s.emergencyContactRelationship],
  ['Sponsors', (s) => s.sponsors.map((x) => `${x.name} (${x.url})`).join('; ')],
  ['JustGiving URL', (s) => s.justGivingUrl],
  ['Donations (GBP)', (s) => penceToPounds(s.donationTotal)],
  ['Donation count', (s) => s.donationCount],
  ['Registered at', (s) => s.createdAt.toISOString()],
  ['Updated at', (s) => s.updatedAt.toISOString()],
];

/**
 * One row per team, every field; text cells neutralised so opening the file never runs a formula.
 * Passports, medical and dietary data only when the organiser asked for them.
 */
export function teamsToCsv(rows: TeamWithTotals[], opts: { includeSensitive: boolean }): string {
  const shown = columns.filter(([, , kind]) => opts.includeSensitive || kind !== 'sensitive');
  const body = rows.map((s) =>
    shown.map(([, get]) => {
      const v = get(s);
      if (v == null) return '';
      return typeof v === 'string' ? neutraliseCell(v) : String(v);
    }),
  );
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents).
  return '\uFEFF' + stringify([shown.map(([h]) => h), ...body], { record_delimiter: 'windows' });
}
