import { ExternalLink, Landmark, Mail } from 'lucide-react';
import { bankReference } from '@common/fundraising';
import { rallySettings } from '../../lib/rally-settings';
import { buttonClass } from '../../components/ui/button';

/** The team's online page when it has one, and always the organisers' offline routes. */
export function WaysToGive({ teamId, teamName, justGivingUrl }: { teamId: number; teamName: string; justGivingUrl: string | null }) {
  const giving = rallySettings.offlineGiving;
  const reference = bankReference(teamId, rallySettings);
  return (
    <section aria-labelledby="ways-to-give" className="space-y-4">
      <h2 id="ways-to-give" className="text-xl font-bold text-navy-900">
        Ways to give
      </h2>
      {justGivingUrl ? (
        <a href={justGivingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
          Donate on JustGiving <ExternalLink className="h-4 w-4" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        <p className="text-slate-700">
          {teamName} has no online fundraising page yet, but you can give to them today in either of these ways.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <h3 className="flex items-center gap-2 font-semibold text-navy-900">
            <Landmark className="h-5 w-5 text-navy-700" aria-hidden /> Bank transfer
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Account name</dt>
            <dd className="font-medium">{giving.bankAccountName}</dd>
            <dt className="text-slate-600">Sort code</dt>
            <dd className="font-medium tabular-nums">{giving.bankSortCode}</dd>
            <dt className="text-slate-600">Account number</dt>
            <dd className="font-medium tabular-nums">{giving.bankAccountNumber}</dd>
            <dt className="text-slate-600">Reference</dt>
            <dd className="font-bold tabular-nums text-navy-900">{reference}</dd>
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
