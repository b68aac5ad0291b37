import { penceToPounds } from '../../../common/money';
import { stringify } from 'csv-stringify/sync';
import { neutraliseCell } from '../../services/spreadsheet-cells';
import { sourceLabels, stateLabels, type LedgerDonation } from '../../../common/schemas/ledger';

const columns: [string, (d: LedgerDonation) => string | number | null][] = [
  ['ID', (d) => d.id],
  ['Team ID', (d) => d.signupId],
  ['Team name', (d) => d.teamName],
  ['Amount (GBP)', (d) => penceToPounds(d.amount)],
  ['Currency', (d) => d.currency],
  ['Donor name', (d) => d.donorName],
  ['Donor email', (d) => d.donorEmail],
  ['Anonymous', (d) => (d.isAnonymous ? 'Yes' : 'No')],
  ['Amount hidden', (d) => (d.hideAmount ? 'Yes' : 'No')],
  ['Payment method', (d) => d.paymentMethod],
  ['Source', (d) => sourceLabels[d.source]],
  ['State', (d) => stateLabels[d.state]],
  ['Message', (d) => d.message],
  ['Recorded at', (d) => d.createdAt],
];

/** The ledger as a spreadsheet; typed cells neutralised so opening the file never runs a formula. */
export function ledgerToCsv(rows: LedgerDonation[]): string {
  const body = rows.map((d) =>
    columns.map(([, get]) => {
      const v = get(d);
      if (v == null) return '';
      return typeof v === 'string' ? neutraliseCell(v) : String(v);
    }),
  );
  return '\uFEFF' + stringify([columns.map(([h]) => h), ...body], { record_delimiter: 'windows' });
}
