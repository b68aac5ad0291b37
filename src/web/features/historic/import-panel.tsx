import { useRef, useState } from 'react';
import { Download, Upload } from 'lucide-react';
import { emailsToCsv } from '@common/email-csv';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { errorMessage, getJson } from '../../lib/api';
import { download } from '../../lib/download';
import { toast } from '../../lib/toast';
import { useImportFile, type ImportAnswer } from './api';

const ACCEPT = '.xlsx,.xls,.csv';

async function exportEmails() {
  try {
    const { emails } = await getJson<{ emails: string[] }>('/api/admin/export-emails');
    download(`rallier-emails-${new Date().toISOString().slice(0, 10)}.csv`, emailsToCsv(emails));
    toast({ title: 'Export Successful', description: `${emails.length} email addresses downloaded.` });
  } catch {
    toast({ title: 'Export Failed', description: 'There was an error exporting the email list', variant: 'destructive' });
  }
}

/** Upload a spreadsheet of addresses; rows that could not be used are listed with their line. */
export function ImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportFile();

  const submit = () => {
    if (!file) return toast({ title: 'No file selected', description: 'Please select an Excel file to upload', variant: 'destructive' });
    upload.mutate(file, {
      onSuccess: (r) => {
        setResult(r);
        toast({ title: 'Import Successful', description: `Imported ${r.imported} emails and created ${r.newUsers} new users.` });
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (err) => toast({ title: 'Upload Failed', description: errorMessage(err, 'There was an error processing your Excel file'), variant: 'destructive' }),
    });
  };

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-navy-900">Import email addresses</h2>
        <Button variant="outline" size="sm" onClick={() => void exportEmails()}>
          <Download className="h-4 w-4" aria-hidden /> Export Emails
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-600">A spreadsheet (.xlsx, .xls or .csv) with the columns year, firstName, lastName and email. Names must match the rally records exactly.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor="historic-import-file">Spreadsheet file</Label>
          <Input id="historic-import-file" ref={input} type="file" accept={ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-navy-100 file:px-3 file:py-1 file:font-semibold file:text-navy-800" />
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
              <summary className="cursor-pointer font-medium text-rally-600">{result.errors.length} row{result.errors.length === 1 ? '' : 's'} not imported</summary>
              <ul className="mt-2 max-h-48 list-disc space-y-0.5 overflow-y-auto pl-5">
                {result.errors.map((e) => <li key={e.line}>Line {e.line}: {e.message}</li>)}
              </ul>
            </details>
          )}
        </div>
      )}
    </Card>
  );
}
