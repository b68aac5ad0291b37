import type { ContactFilter } from '@common/schemas/contacts';
import { ContactFilterFields } from '../../components/contact-filter-fields';

/**
 * A mailing-list send's audience, chosen with the contact list's own filters (source, consent,
 * year, as on /admin/contacts) and the opted-in rule.
 */
export function AudienceFilters({
  filter,
  onlyOptedIn,
  onChange,
  idPrefix,
  years,
}: {
  filter: ContactFilter;
  onlyOptedIn: boolean;
  onChange: (patch: { filter?: ContactFilter; onlyOptedIn?: boolean }) => void;
  idPrefix: string;
  /** The contact list's years (the page reads them from the contacts feature). */
  years: number[];
}) {
  const set = (patch: Partial<ContactFilter>) => onChange({ filter: { ...filter, ...patch } });
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-navy-900">Audience</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <ContactFilterFields filter={filter} years={years} onChange={set} idPrefix={idPrefix} />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={onlyOptedIn}
          onChange={(e) => onChange({ onlyOptedIn: e.target.checked })}
          className="h-4 w-4 accent-navy-700"
        />
        Only send to contacts who opted in
      </label>
      {!onlyOptedIn && <p className="text-xs text-slate-500">Contacts who opted out or bounced are never sent to, whatever the filters.</p>}
    </fieldset>
  );
}
