import { consentLabels, consentStates, contactSources, sourceLabels, type ContactFilter } from '@common/schemas/contacts';
import { Label } from './ui/input';

const select = 'h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm';

/**
 * The contact list's filters (source, consent, year): one copy for /admin/contacts and for the
 * audience of a mailing-list send, so both choose people the same way. Ids are `{idPrefix}-source`,
 * `-consent` and `-year`.
 */
export function ContactFilterFields({
  filter,
  years,
  onChange,
  idPrefix,
}: {
  filter: ContactFilter;
  years: number[];
  onChange: (patch: Partial<ContactFilter>) => void;
  idPrefix: string;
}) {
  return (
    <>
      <div>
        <Label htmlFor={`${idPrefix}-source`}>Source</Label>
        <select
          id={`${idPrefix}-source`}
          className={select}
          value={filter.source ?? ''}
          onChange={(e) => onChange({ source: (e.target.value || undefined) as ContactFilter['source'] })}
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
          onChange={(e) => onChange({ consent: (e.target.value || undefined) as ContactFilter['consent'] })}
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
          onChange={(e) => onChange({ year: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">All years</option>
          {/* A saved filter (a draft's) may name a year no longer on the list; it stays choosable. */}
          {[...new Set([...years, ...(filter.year ? [filter.year] : [])])]
            .sort((a, b) => b - a)
            .map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
        </select>
      </div>
    </>
  );
}
