import { KeyRound, MailCheck, MailMinus, MailQuestion, Users } from 'lucide-react';
import { mailingStats } from '@common/mailing';
import { AdminSubPage } from '../components/layout/admin-sub-page';
import { EmailComposer } from '../features/bulk-mail/email-composer';
import { useGenerateTokens, useMailingList } from '../features/bulk-mail/api';
import { ContactsTable } from '../features/bulk-mail/contacts-table';
import { SendProgress } from '../features/bulk-mail/send-progress';
import { useContactYears } from '../features/contacts';
import { StatCard } from '../components/ui/stat-card';
import { Button } from '../components/ui/button';
import { errorMessage } from '../lib/error-message';
import { toast } from '../lib/toast';

function MailingList() {
  const { data: contacts, isLoading, isError } = useMailingList();
  const generate = useGenerateTokens();
  const contactYears = useContactYears();
  if (isLoading)
    return (
      <p className="py-12 text-center text-slate-600" aria-busy="true">
        Loading mailing list...
      </p>
    );
  if (isError || !contacts)
    return (
      <p role="alert" className="text-rally-600">
        The mailing list could not be loaded. Please try again.
      </p>
    );
  const stats = mailingStats(contacts);
  const missing = contacts.filter((c) => !c.unsubscribeToken).length;

  const makeTokens = () =>
    generate.mutate(undefined, {
      onSuccess: (r) => toast({ title: 'Tokens generated', description: r.message }),
      onError: (e) =>
        toast({ title: 'Failed to generate tokens', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Contacts" value={stats.total} icon={Users} />
        <StatCard label="Opted In" value={stats.optedIn} icon={MailCheck} tone="green" />
        <StatCard label="Opted Out" value={stats.optedOut} icon={MailMinus} tone="red" />
        <StatCard label="Not Asked" value={stats.notAsked} icon={MailQuestion} tone="gold" />
      </div>
      {missing > 0 && (
        <div className="flex flex-col gap-3 rounded-2xl border border-gold-400 bg-gold-300/20 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-navy-900">
            {missing} contact{missing === 1 ? ' has' : 's have'} no unsubscribe link yet.
          </p>
          <Button onClick={makeTokens} disabled={generate.isPending}>
            <KeyRound className="h-4 w-4" aria-hidden /> {generate.isPending ? 'Generating...' : 'Generate Missing Tokens'}
          </Button>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <EmailComposer recipientType="mailing_list" contactYears={contactYears.data} />
        <SendProgress />
      </div>
      <h2 className="text-xl font-bold text-navy-900">Contacts</h2>
      {contacts.length ? (
        <ContactsTable contacts={contacts} />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No contacts yet. Import addresses on the historic rallier database.
        </p>
      )}
    </div>
  );
}

export default function AdminMailingListPage() {
  return (
    <AdminSubPage title="Mailing List" intro="Past ralliers with an e-mail address, their consent, and e-mail to the whole list.">
      <MailingList />
    </AdminSubPage>
  );
}
