import { Link } from 'wouter';
import { Database, MailPlus } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { ImportPanel } from './import-panel';

/**
 * The spec's "Historic Rallier Email Management" (its /admin section): the import and export of
 * past ralliers' addresses, with the ways to the historic database ("View Email Status") and the
 * mailing list ("Manage Mailing List"). On the Contacts page, where organisers look after people
 * and e-mail (docs/features/historic.md).
 */
export function HistoricEmailManagement() {
  return (
    <section aria-labelledby="historic-email-management" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="historic-email-management" className="text-xl font-bold text-navy-900">
          Historic Rallier Email Management
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link href="/admin/historic-emails" className={buttonClass('outline', 'sm')}>
            <Database className="h-4 w-4" aria-hidden /> View Email Status
          </Link>
          <Link href="/admin/mailing-list" className={buttonClass('outline', 'sm')}>
            <MailPlus className="h-4 w-4" aria-hidden /> Manage Mailing List
          </Link>
        </div>
      </div>
      <ImportPanel />
    </section>
  );
}
