import { useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { usePreviewImport, type ImportAnswer, type ImportPreview } from './api';
import { ImportPreviewPanel } from './import-preview';
import { OutcomeList } from './import-outcome-list';

const ACCEPT = '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

/**
 * Upload a spreadsheet of past ralliers' addresses. The server answers with what it would do to
 * each row (the preview); the organiser applies or cancels it, and then sees what was done.
 */
export function ImportForm() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = usePreviewImport();

  const clearFile = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const submit = () => {
    if (!file) return toast({ title: 'No file selected', description: 'Please select an Excel file to upload', variant: 'destructive' });
    setResult(null);
    upload.mutate(file, {
      onSuccess: (p) => {
        setPreview(p);
        clearFile();
      },
      onError: (err) =>
        toast({
          title: 'Upload Failed',
          description: errorMessage(err, 'There was an error processing your Excel file'),
          variant: 'destructive',
        }),
    });
  };

  if (preview)
    return (
      <ImportPreviewPanel
        preview={preview}
        onDone={(answer) => {
          setPreview(null);
          setResult(answer);
        }}
      />
    );

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
          <Upload className="h-4 w-4" aria-hidden /> {upload.isPending ? 'Reading the file...' : 'Preview import'}
        </Button>
      </div>
      {result && (
        <div role="status" className="mt-4 rounded-lg bg-navy-50 p-3 text-sm text-slate-700">
          <p className="font-semibold text-navy-900">Import applied: {result.message}.</p>
          {result.newUsers > 0 && (
            <p>
              {result.newUsers} new account{result.newUsers === 1 ? '' : 's'} created (without a password).
            </p>
          )}
          <OutcomeList title="Skipped" rows={result.rows.filter((r) => r.outcome === 'skipped')} />
        </div>
      )}
    </div>
  );
}
