import { ExternalLink, Landmark, Mail } from 'lucide-react';
import { bankReference } from '@common/fundraising';
import { useRallySettings } from '../../lib/rally-settings';
import { buttonClass } from '../../components/ui/button';
import { CopyButton } from './copy-button';

/** The id of the section, for the Donate button at the top of the page. */
export const WAYS_TO_GIVE_ID = 'ways-to-give';

function BankLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <>
      <dt className="self-center text-slate-600">{label}</dt>
      <dd className="flex items-center justify-between gap-2">
        <span className={strong ? 'font-bold tabular-nums text-navy-900' : 'font-medium tabular-nums'}>{value}</span>
        <CopyButton value={value} what={label} />
      </dd>
    </>
  );
}

const external = (
  <>
    <ExternalLink className="h-4 w-4" aria-hidden />
    <span className="sr-only">(opens in a new tab)</span>
  </>
);

/**
 * The team's online page when it has one; otherwise the event's online giving page (when the
 * organisers set one) with the team's reference, so a donor with only a card can still give.
 * Always the organisers' offline routes.
 */
export function WaysToGive({ teamId, teamName, justGivingUrl }: { teamId: number; teamName: string; justGivingUrl: string | null }) {
  const rallySettings = useRallySettings();
  const giving = rallySettings.offlineGiving;
  const reference = bankReference(teamId, rallySettings);
  const eventPage = justGivingUrl ? null : rallySettings.eventGivingUrl;
  return (
    <section aria-labelledby={WAYS_TO_GIVE_ID} className="scroll-mt-20 space-y-4">
      <h2 id={WAYS_TO_GIVE_ID} className="text-xl font-bold text-navy-900">
        Ways to give
      </h2>
      {justGivingUrl ? (
        <a href={justGivingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
          Donate on JustGiving {external}
        </a>
      ) : (
        <p className="text-slate-700">
          {teamName} has no online fundraising page yet, but you can give to them today in {eventPage ? 'any' : 'either'} of these ways.
        </p>
      )}
      {eventPage && (
        <div className="rounded-xl border border-gold-400 bg-white p-4" data-testid="event-giving">
          <a href={eventPage} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
            {rallySettings.eventGivingLabel} {external}
          </a>
          <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            <span>
              Use reference <strong className="tabular-nums text-navy-900">{reference}</strong> so your gift counts for {teamName}.
            </span>
            <CopyButton value={reference} what="Reference" />
          </p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <h3 className="flex items-center gap-2 font-semibold text-navy-900">
            <Landmark className="h-5 w-5 text-navy-700" aria-hidden /> Bank transfer
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <BankLine label="Account name" value={giving.bankAccountName} />
            <BankLine label="Sort code" value={giving.bankSortCode} />
            <BankLine label="Account number" value={giving.bankAccountNumber} />
            <BankLine label="Reference" value={reference} strong />
          </dl>
          <p className="mt-2 text-xs text-slate-600">Please use the reference so your gift counts for {teamName}.</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <h3 className="flex items-center gap-2 font-semibold text-navy-900">
            <Mail className="h-5 w-5 text-navy-700" aria-hidden /> Cash or cheque
          </h3>
          <p className="mt-2 text-sm text-slate-700">
            Hand cash to the organisers, or post a cheque payable to <strong>{giving.chequesPayableTo}</strong> to {giving.postalAddress},
            with &ldquo;{reference}&rdquo; on the back.
          </p>
          <p className="mt-2 text-xs text-slate-600">
            Questions?{' '}
            <a className="font-medium text-navy-700 underline" href={`mailto:${rallySettings.supportEmail}`}>
              {rallySettings.supportEmail}
            </a>
          </p>
        </div>
      </div>
    </section>
  );
}
