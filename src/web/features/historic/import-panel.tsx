import { Card } from '../../components/ui/card';
import { ExportEmailsButton } from './export-button';
import { ImportForm } from './import-form';

/** The historic database page's import and export of rallier addresses. */
export function ImportPanel() {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-navy-900">Import email addresses</h2>
        <ExportEmailsButton size="sm" />
      </div>
      <p className="mt-1 mb-3 text-sm text-slate-600">
        A spreadsheet (.xlsx, .xls or .csv) with the columns year, first name, last name and email (spellings such as "First Name",
        "Surname" and "Email Address" are understood), and optionally consent (yes, no, or empty for not asked). Names match the rally
        records whatever their case, spacing or accents; people who match no record can be added as contacts. You see what the import would
        do before anything changes.
      </p>
      <ImportForm />
    </Card>
  );
}
