import { useState } from 'react';
import { Download, MailCheck, MailMinus, MailQuestion, Users } from 'lucide-react';
import { consentLabels, consentStates, contactSources, sourceLabels, type ContactFilter } from '@common/schemas/contacts';
import { buttonClass } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { StatCard } from '../../components/ui/stat-card';
import { filterQuery, useContacts } from './api';
import { ContactRow } from './contact-row';
import { AddContactForm } from './add-contact-form';
import { RequestConsent } from './request-consent';

const select = 'h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm';

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
        <div>
          <Label htmlFor="contact-source">Source</Label>
          <select
            id="contact-source"
            className={select}
            value={filter.source ?? ''}
            onChange={(e) => set({ source: (e.target.value || undefined) as ContactFilter['source'] })}
          >
            <option value="">All sources</option>
            {contactSources.map((s) => (
              <option key={s} value={s}>
                {sourceLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="contact-consent">Consent</Label>
          <select
            id="contact-consent"
            className={select}
            value={filter.consent ?? ''}
            onChange={(e) => set({ consent: (e.target.value || undefined) as ContactFilter['consent'] })}
          >
            <option value="">Any consent</option>
            {consentStates.map((s) => (
              <option key={s} value={s}>
                {consentLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="contact-year">Year</Label>
          <select
            id="contact-year"
            className={select}
            value={filter.year ?? ''}
            onChange={(e) => set({ year: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">All years</option>
            {data?.years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
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
