import { useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from './button';
import { Input, Label } from './input';

const ACCEPT = '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

/**
 * A spreadsheet file input with its upload button, for the organisers' imports. Pressing the button
 * without a file says so; otherwise `onUpload` gets the file and a `clear` to call once it is read.
 */
export function SpreadsheetPicker({
  id,
  label,
  action,
  pending,
  onUpload,
}: {
  id: string;
  label: string;
  action: string;
  pending: boolean;
  onUpload: (file: File, clear: () => void) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };
  const submit = () => {
    if (!file) return toast({ title: 'No file selected', description: 'Please select an Excel file to upload', variant: 'destructive' });
    onUpload(file, clear);
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          ref={input}
          type="file"
          accept={ACCEPT}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-navy-100 file:px-3 file:py-1 file:font-semibold file:text-navy-800"
        />
      </div>
      <Button onClick={submit} disabled={pending} className="shrink-0">
        <Upload className="h-4 w-4" aria-hidden /> {pending ? 'Reading the file...' : action}
      </Button>
    </div>
  );
}
