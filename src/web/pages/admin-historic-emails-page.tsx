import { useDeferredValue, useMemo, useState } from 'react';
import { MailCheck, MailX, Search, Users } from 'lucide-react';
import { deriveIndividuals, filterIndividuals, historicStats, type EmailStatusFilter } from '@common/historic';
import { AdminSubPage } from '../components/layout/admin-sub-page';
import { useHistoricRecords } from '../features/historic/api';
import { HistoricTable } from '../features/historic/historic-table';
import { ImportPanel } from '../features/historic/import-panel';
import { StatCard } from '../components/ui/stat-card';
import { Input, Label } from '../components/ui/input';
import { Skeleton } from '../components/ui/card';
import { useRallySettings } from '../lib/rally-settings';

function HistoricDatabase() {
  const { data, isLoading, isError } = useHistoricRecords();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<EmailStatusFilter>('all');
  const query = useDeferredValue(search);
  const people = useMemo(() => deriveIndividuals(data ?? []), [data]);
  const stats = historicStats(people);
  const shown = useMemo(() => filterIndividuals(people, query, status), [people, query, status]);

  return (
    <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard label="Total Individuals" value={stats.total} icon={Users} />
        <StatCard label="With Email" value={stats.withEmail} icon={MailCheck} tone="green" note={`${stats.percentComplete}% complete`} />
        <StatCard label="Without Email" value={stats.withoutEmail} icon={MailX} tone="red" />
      </div>
      <ImportPanel />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor="historic-search">Search by name or email</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
            <Input
              id="historic-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="e.g. Le Brocq"
              className="pl-9"
            />
          </div>
        </div>
        <div className="sm:w-56">
          <Label htmlFor="historic-status">Email status</Label>
          <select
            id="historic-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as EmailStatusFilter)}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-200"
          >
            <option value="all">All</option>
            <option value="with">With Email</option>
            <option value="without">Without Email</option>
          </select>
        </div>
      </div>
      {isLoading && (
        <div className="space-y-2" aria-busy="true">
          <p className="text-slate-600">Loading ralliers...</p>
          <Skeleton className="h-64" />
        </div>
      )}
      {isError && (
        <p role="alert" className="text-rally-600">
          The rallier database could not be loaded. Please try again.
        </p>
      )}
      {data && (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            Showing {shown.length} of {people.length} ralliers
          </p>
          {shown.length ? (
            <HistoricTable people={shown} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
              No ralliers match your search.
            </p>
          )}
        </>
      )}
    </div>
  );
}

export default function AdminHistoricEmailsPage() {
  const rallySettings = useRallySettings();
  return (
    <AdminSubPage
      title="Historic Rallier Database"
      intro={`Everyone who has driven or co-driven since ${rallySettings.firstYear}, and whether we can reach them by e-mail.`}
    >
      <HistoricDatabase />
    </AdminSubPage>
  );
}
