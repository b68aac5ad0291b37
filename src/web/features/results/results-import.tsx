import { useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import type { ResultsImport } from '@common/schemas/results';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useImportResults } from './api';

const ACCEPT = '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

/** A spreadsheet of results: saved at once for the rows that match a team; the report says what matched and what was skipped. */
export function ResultsImportForm({ year }: { year: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ResultsImport | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportResults(year);

  const submit = () => {
    if (!file) return toast({ title: 'No file selected', description: 'Please select an Excel file to upload', variant: 'destructive' });
    setReport(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        setReport(answer);
        setFile(null);
        if (input.current) input.current.value = '';
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
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor="results-import-file">Results spreadsheet (.xlsx, .xls or .csv)</Label>
          <Input
            id="results-import-file"
            ref={input}
            type="file"
            accept={ACCEPT}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-navy-100 file:px-3 file:py-1 file:font-semibold file:text-navy-800"
          />
        </div>
        <Button onClick={submit} disabled={upload.isPending} className="shrink-0">
          <Upload className="h-4 w-4" aria-hidden /> {upload.isPending ? 'Reading the file...' : 'Import results'}
        </Button>
      </div>
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
