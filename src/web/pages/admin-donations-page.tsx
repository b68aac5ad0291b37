import { useState } from 'react';
import { Download } from 'lucide-react';
import { formatPence } from '@common/money';
import type { LedgerFilter } from '@common/schemas/ledger';
import { AdminSubPage } from '../components/layout/admin-sub-page';
import { useAdminTeams } from '../features/registrations/api';
import { ledgerCsvUrl, useLedger, useWeeklyTotals } from '../features/admin-donations/api';
import { CumulativeChart } from '../components/charts/cumulative-chart';
import { ProgressBandsChart } from '../components/charts/progress-bands-chart';
import { teamTarget } from '@common/fundraising';
import { useRallySettings } from '../lib/rally-settings';
import { LedgerFilters } from '../features/admin-donations/ledger-filters';
import { LedgerTable } from '../features/admin-donations/ledger-table';
import { JustGivingSyncPanel } from '../features/justgiving/sync-panel';
import { Button, buttonClass } from '../components/ui/button';
import { Skeleton } from '../components/ui/card';

function Ledger() {
  const [filter, setFilter] = useState<LedgerFilter>({ page: 1 });
  const { data: teams } = useAdminTeams();
  const { data, isLoading, isError, isFetching } = useLedger(filter);
  const page = Number(filter.page ?? 1);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="space-y-4">
      <LedgerFilters filter={filter} teams={teams ?? []} onChange={setFilter} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        {data ? (
          <p className="text-slate-700" aria-live="polite" aria-busy={isFetching}>
            <span className="font-semibold text-navy-900">
              {data.total} {data.total === 1 ? 'donation' : 'donations'}
            </span>
            , {formatPence(data.sum)} in all
          </p>
        ) : (
          <Skeleton className="h-6 w-48" />
        )}
        <a href={ledgerCsvUrl(filter)} download className={buttonClass('outline', 'sm')}>
          <Download className="h-4 w-4" aria-hidden /> Export CSV
        </a>
      </div>
      {isLoading ? (
        <div aria-busy="true" aria-label="Loading donations" className="space-y-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : isError || !data ? (
        <p role="alert" className="text-rally-600">
          The donations could not be loaded. Please try again.
        </p>
      ) : data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">No donations match these filters.</p>
      ) : (
        <>
          <LedgerTable items={data.items} />
          {pages > 1 && (
            <nav aria-label="Donation pages" className="flex items-center justify-between text-sm">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setFilter({ ...filter, page: page - 1 })}>
                Previous
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setFilter({ ...filter, page: page + 1 })}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

/** The campaign at a glance: money raised over time, and how far the teams have got. */
function Campaign() {
  const rallySettings = useRallySettings();
  const weekly = useWeeklyTotals();
  const { data: teams } = useAdminTeams();
  const thisYear = (teams ?? []).filter((t) => t.rallyYear === rallySettings.year);
  return (
    <div className="mb-6 grid gap-4 lg:grid-cols-[3fr_2fr]">
      <section aria-labelledby="raised-over-time" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="raised-over-time" className="mb-2 font-semibold text-navy-900">
          Money raised over time
        </h2>
        {weekly.data ? (
          <CumulativeChart points={weekly.data} title="Money raised, running total by week" />
        ) : weekly.isError ? (
          <p role="alert" className="text-rally-600">
            The chart could not be loaded.
          </p>
        ) : (
          <Skeleton className="h-40" />
        )}
      </section>
      <section aria-labelledby="teams-by-progress" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="teams-by-progress" className="mb-3 font-semibold text-navy-900">
          Teams by progress ({rallySettings.year})
        </h2>
        {teams ? (
          <ProgressBandsChart
            teams={thisYear.map((t) => ({ raised: t.donationTotal, target: teamTarget(t.fundraisingTarget, rallySettings) }))}
          />
        ) : (
          <Skeleton className="h-32" />
        )}
      </section>
    </div>
  );
}

export default function AdminDonationsPage() {
  return (
    <AdminSubPage
      title="Donations"
      intro="Every donation, whoever recorded it. Team-reported ones wait for an organiser to verify them; every correction is in the audit log."
    >
      <Campaign />
      <JustGivingSyncPanel />
      <Ledger />
    </AdminSubPage>
  );
}
