import { useState } from 'react';
import { Download, MailCheck, MailMinus, MailQuestion, Users } from 'lucide-react';
import type { ContactFilter } from '@common/schemas/contacts';
import { buttonClass } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { StatCard } from '../../components/ui/stat-card';
import { filterQuery, useContacts } from './api';
import { ContactRow } from './contact-row';
import { AddContactForm } from './add-contact-form';
import { RequestConsent } from './request-consent';
import { ContactFilterFields } from '../../components/contact-filter-fields';

/** Everyone the rally can e-mail: search, filters, counts, add, inline edit, delete and CSV export. */
export function ContactList() {
  const [filter, setFilter] = useState<ContactFilter>({});
  const { data, isLoading, isError } = useContacts(filter);
  const set = (patch: Partial<ContactFilter>) => setFilter({ ...filter, ...patch });
  return (
    <div className="space-y-6">
      {data ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard label="Total Contacts" value={data.stats.total} icon={Users} />
          <StatCard label="Opted In" value={data.stats.optedIn} icon={MailCheck} tone="green" />
          <StatCard label="Opted Out" value={data.stats.optedOut} icon={MailMinus} tone="red" />
          <StatCard label="Not Asked" value={data.stats.notAsked} icon={MailQuestion} tone="gold" />
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-24 animate-pulse rounded-2xl bg-slate-100" />
          ))}
        </div>
      )}
      <RequestConsent />
      <AddContactForm />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
        <div>
          <Label htmlFor="contact-search">Search</Label>
          <Input
            id="contact-search"
            type="search"
            placeholder="Name or email"
            value={filter.q ?? ''}
            onChange={(e) => set({ q: e.target.value })}
          />
        </div>
        <ContactFilterFields filter={filter} years={data?.years ?? []} onChange={set} idPrefix="contact" />
        <a href={`/api/admin/contacts/export.csv${filterQuery(filter)}`} className={buttonClass('outline')} download>
          <Download className="h-4 w-4" aria-hidden /> Export CSV
        </a>
      </div>
      {isLoading && (
        <p className="py-8 text-center text-slate-600" aria-busy="true">
          Loading contacts...
        </p>
      )}
      {isError && (
        <p role="alert" className="text-rally-600">
          The contacts could not be loaded. Please try again.
        </p>
      )}
      {data && (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            Showing {data.contacts.length} of {data.stats.total} contacts
          </p>
          {data.contacts.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
              No contacts match these filters.
            </p>
          ) : (
            <ul className="space-y-2">
              {data.contacts.map((c) => (
                <ContactRow key={c.id} contact={c} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
