import { useState } from 'react';
import type { ResultsImport } from '@common/schemas/results';
import { SpreadsheetPicker } from '../../components/ui/spreadsheet-picker';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useImportResults } from './api';

/** A spreadsheet of results: saved at once for the rows that match a team; the report says what matched and what was skipped. */
export function ResultsImportForm({ year }: { year: number }) {
  const [report, setReport] = useState<ResultsImport | null>(null);
  const upload = useImportResults(year);

  const submit = (file: File, clear: () => void) => {
    setReport(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        setReport(answer);
        clear();
      },
      onError: (err) =>
        toast({ title: 'Import failed', description: errorMessage(err, 'The file could not be read'), variant: 'destructive' }),
    });
  };

  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">
        Columns: <b>year, firstName, lastName, rank, carNumber</b>, and optionally <b>email</b> and <b>score</b> (the historic import's
        columns plus the results). Each row is matched to a {year} team whose driver or co-driver has that name (case, spaces and accents
        ignored), or else that e-mail address. A file replaces the results of the teams it names.
      </p>
      <SpreadsheetPicker
        id="results-import-file"
        label="Results spreadsheet (.xlsx, .xls or .csv)"
        action="Import results"
        pending={upload.isPending}
        onUpload={submit}
      />
      {report && (
        <div role="status" className="mt-4 space-y-3 rounded-lg bg-navy-50 p-3 text-sm text-slate-700">
          <p className="font-semibold text-navy-900">{report.message}.</p>
          {report.matched.length > 0 && (
            <div>
              <h4 className="font-semibold">Matched</h4>
              <ul className="list-disc pl-5">
                {report.matched.map((m) => (
                  <li key={m.line}>
                    Line {m.line}: {m.teamName} (by {m.by === 'name' ? 'name' : 'e-mail'}) · rank {m.rank}, car {m.carNumber}
                    {m.score === null ? '' : `, score ${m.score}`}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {report.skipped.length > 0 && (
            <div>
              <h4 className="font-semibold">Skipped</h4>
              <ul className="list-disc pl-5">
                {report.skipped.map((s) => (
                  <li key={s.line}>
                    Line {s.line}: {s.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
