import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { Database, Download, ListChecks, Mail, Upload } from 'lucide-react';
import { emailsToCsv } from '@common/email-csv';
import { Button, buttonClass } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { download } from '../../lib/download';
import { toast } from '../../lib/toast';
import { AdminSection } from './admin-section';
import { useExportEmails, useImportHistoric } from './api';

const ACCEPT = '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

/** Import e-mail addresses for past ralliers from a spreadsheet, and export the known addresses. */
export function HistoricEmailSection() {
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const importFile = useImportHistoric();
  const exportEmails = useExportEmails();

  const upload = () => {
    if (!file) return toast({ title: 'No file selected', description: 'Please select an Excel file to upload', variant: 'destructive' });
    importFile.mutate(file, {
      onSuccess: (r) => {
        const first = r.errors?.[0] as { line?: number; message?: string } | undefined;
        const skipped = r.errors?.length ? ` ${r.errors.length} ${r.errors.length === 1 ? 'row was' : 'rows were'} skipped${first?.line ? ` (line ${first.line}: ${first.message})` : ''}.` : '';
        toast({ title: 'Import Successful', description: `Imported ${r.imported} email addresses and created ${r.newUsers} new users.${skipped}` });
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: () => toast({ title: 'Upload Failed', description: 'There was an error processing your Excel file', variant: 'destructive' }),
    });
  };

  const exportList = () =>
    exportEmails.mutate(undefined, {
      onSuccess: ({ emails }) => {
        download(`rallier-emails-${new Date().toISOString().slice(0, 10)}.csv`, emailsToCsv(emails));
        toast({ title: 'Export Successful', description: `${emails.length} email addresses downloaded.` });
      },
      onError: () => toast({ title: 'Export Failed', description: 'There was an error exporting the email list', variant: 'destructive' }),
    });

  return (
    <AdminSection id="historic-emails" title="Historic Rallier Email Management" icon={Database} description="Add e-mail addresses for ralliers of 2008-2018 from a spreadsheet (columns year, firstName, lastName, email).">
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <Label htmlFor="historic-file">Spreadsheet (.xlsx, .xls or .csv)</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id="historic-file" ref={input} type="file" accept={ACCEPT} className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-navy-100 file:px-3 file:py-1 file:font-semibold file:text-navy-800"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            <Button onClick={upload} disabled={importFile.isPending} className="shrink-0">
              <Upload className="h-4 w-4" aria-hidden /> {importFile.isPending ? 'Uploading...' : 'Upload'}
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium text-slate-700">Addresses and lists</span>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={exportList} disabled={exportEmails.isPending}>
              <Download className="h-4 w-4" aria-hidden /> {exportEmails.isPending ? 'Exporting...' : 'Export Emails'}
            </Button>
            <Link href="/admin/historic-emails" className={buttonClass('outline')}>
              <ListChecks className="h-4 w-4" aria-hidden /> View Email Status
            </Link>
            <Link href="/admin/mailing-list" className={buttonClass('outline')}>
              <Mail className="h-4 w-4" aria-hidden /> Manage Mailing List
            </Link>
          </div>
        </div>
      </div>
    </AdminSection>
  );
}
