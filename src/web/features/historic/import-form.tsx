import { useState } from 'react';
import { SpreadsheetPicker } from '../../components/ui/spreadsheet-picker';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { usePreviewImport, type ImportAnswer, type ImportPreview } from './api';
import { ImportPreviewPanel } from './import-preview';
import { OutcomeCounts, OutcomeList } from './import-outcome-list';

/**
 * Upload a spreadsheet of past ralliers' addresses. The server answers with what it would do to
 * each row (the preview); the organiser applies or cancels it, and then sees what was done.
 */
export function ImportForm() {
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const upload = usePreviewImport();

  const submit = (file: File, clear: () => void) => {
    setResult(null);
    upload.mutate(file, {
      onSuccess: (p) => {
        setPreview(p);
        clear();
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
      <SpreadsheetPicker
        id="historic-import-file"
        label="Spreadsheet file (.xlsx, .xls or .csv)"
        action="Preview import"
        pending={upload.isPending}
        onUpload={submit}
      />
      {result && (
        <div role="status" className="mt-4 rounded-lg bg-navy-50 p-3 text-sm text-slate-700">
          <p className="font-semibold text-navy-900">Import applied: {result.message}.</p>
          <OutcomeCounts counts={result.counts} testId="import-result" applied />
          <OutcomeList title="Added as contacts" rows={result.rows.filter((r) => r.outcome === 'added')} />
          <OutcomeList title="Skipped" rows={result.rows.filter((r) => r.outcome === 'skipped')} />
        </div>
      )}
    </div>
  );
}
