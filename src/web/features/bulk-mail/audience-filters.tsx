import { consentLabels, consentStates, contactSources, sourceLabels, type ContactFilter } from '@common/schemas/contacts';
import { Label } from '../../components/ui/input';
import { useContactYears } from './api';

const select = 'h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm';

/**
 * A mailing-list send's audience, chosen with the contact list's own filters (source, consent,
 * year, as on /admin/contacts) and the opted-in rule.
 */
export function AudienceFilters({
  filter,
  onlyOptedIn,
  onChange,
  idPrefix,
}: {
  filter: ContactFilter;
  onlyOptedIn: boolean;
  onChange: (patch: { filter?: ContactFilter; onlyOptedIn?: boolean }) => void;
  idPrefix: string;
}) {
  const years = useContactYears();
  const set = (patch: Partial<ContactFilter>) => onChange({ filter: { ...filter, ...patch } });
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-navy-900">Audience</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <Label htmlFor={`${idPrefix}-source`}>Source</Label>
          <select
            id={`${idPrefix}-source`}
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
          <Label htmlFor={`${idPrefix}-consent`}>Consent</Label>
          <select
            id={`${idPrefix}-consent`}
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
          <Label htmlFor={`${idPrefix}-year`}>Year</Label>
          <select
            id={`${idPrefix}-year`}
            className={select}
            value={filter.year ?? ''}
            onChange={(e) => set({ year: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">All years</option>
            {/* A draft may name a year no longer on the list; it stays choosable. */}
            {[...new Set([...(years.data ?? []), ...(filter.year ? [filter.year] : [])])]
              .sort((a, b) => b - a)
              .map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
          </select>
        </div>
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
