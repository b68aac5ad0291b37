import { useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useImportFile, type ImportAnswer } from './api';

const ACCEPT = '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

const skippedNote = ({ errors }: ImportAnswer) => {
  const [firstError] = errors;
  return firstError
    ? ` ${errors.length} ${errors.length === 1 ? 'row was' : 'rows were'} skipped (line ${firstError.line}: ${firstError.message}).`
    : '';
};

/** Upload a spreadsheet of past ralliers' addresses; rows that could not be used are listed with their line. */
export function ImportForm() {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportFile();

  const submit = () => {
    if (!file) return toast({ title: 'No file selected', description: 'Please select an Excel file to upload', variant: 'destructive' });
    upload.mutate(file, {
      onSuccess: (r) => {
        setResult(r);
        toast({
          title: 'Import Successful',
          description: `Imported ${r.imported} email addresses and created ${r.newUsers} new users.${skippedNote(r)}`,
        });
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (err) =>
        toast({
          title: 'Upload Failed',
          description: errorMessage(err, 'There was an error processing your Excel file'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor="historic-import-file">Spreadsheet file (.xlsx, .xls or .csv)</Label>
          <Input
            id="historic-import-file"
            ref={input}
            type="file"
            accept={ACCEPT}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-navy-100 file:px-3 file:py-1 file:font-semibold file:text-navy-800"
          />
        </div>
        <Button onClick={submit} disabled={upload.isPending} className="shrink-0">
          <Upload className="h-4 w-4" aria-hidden /> {upload.isPending ? 'Importing...' : 'Import'}
        </Button>
      </div>
      {result && (
        <div role="status" className="mt-4 rounded-lg bg-navy-50 p-3 text-sm text-slate-700">
          <p className="font-semibold text-navy-900">{result.message}.</p>
          {result.errors.length > 0 && (
            <details className="mt-2">
              <summary className="cursor-pointer font-medium text-rally-600">
                {result.errors.length} row{result.errors.length === 1 ? '' : 's'} not imported
              </summary>
              <ul className="mt-2 max-h-48 list-disc space-y-0.5 overflow-y-auto pl-5">
                {result.errors.map((e) => (
                  <li key={e.line}>
                    Line {e.line}: {e.message}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </div>
  );
}
