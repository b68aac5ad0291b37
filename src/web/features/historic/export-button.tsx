import { Download } from 'lucide-react';
import { emailsToCsv } from '@common/email-csv';
import { Button } from '../../components/ui/button';
import { download } from '../../lib/download';
import { toast } from '../../lib/toast';
import { useExportEmails } from './api';

/** Downloads every known rallier address as a CSV file, one address per line. */
export function ExportEmailsButton({ size }: { size?: 'sm' }) {
  const exportEmails = useExportEmails();
  const exportList = () =>
    exportEmails.mutate(undefined, {
      onSuccess: ({ emails }) => {
        download(`rallier-emails-${new Date().toISOString().slice(0, 10)}.csv`, emailsToCsv(emails));
        toast({ title: 'Export Successful', description: `${emails.length} email addresses downloaded.` });
      },
      onError: () => toast({ title: 'Export Failed', description: 'There was an error exporting the email list', variant: 'destructive' }),
    });

  return (
    <Button variant="outline" size={size} onClick={exportList} disabled={exportEmails.isPending}>
      <Download className="h-4 w-4" aria-hidden /> {exportEmails.isPending ? 'Exporting...' : 'Export Emails'}
    </Button>
  );
}
