import { Link } from 'wouter';
import { Database, ListChecks, Mail, Users } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { ExportEmailsButton } from './export-button';
import { ImportForm } from './import-form';
import { AdminSection } from '../../components/layout/admin-section';

/** Import e-mail addresses for past ralliers from a spreadsheet, and export the known addresses. */
export function HistoricEmailSection() {
  return (
    <AdminSection
      id="historic-emails"
      title="Historic Rallier Email Management"
      icon={Database}
      description="Add e-mail addresses for ralliers of 2008-2018 from a spreadsheet (columns year, firstName, lastName, email)."
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <ImportForm />
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium text-slate-700">Addresses and lists</span>
          <div className="flex flex-wrap gap-2">
            <ExportEmailsButton />
            <Link href="/admin/historic-emails" className={buttonClass('outline')}>
              <ListChecks className="h-4 w-4" aria-hidden /> View Email Status
            </Link>
            <Link href="/admin/mailing-list" className={buttonClass('outline')}>
              <Mail className="h-4 w-4" aria-hidden /> Manage Mailing List
            </Link>
            <Link href="/admin/contacts" className={buttonClass('outline')}>
              <Users className="h-4 w-4" aria-hidden /> Contacts
            </Link>
          </div>
        </div>
      </div>
    </AdminSection>
  );
}
