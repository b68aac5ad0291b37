import { RefreshCw } from 'lucide-react';
import { formatPence } from '@common/money';
import type { JustGivingPageStatus } from '@common/schemas/justgiving';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useJustGivingStatus, useSyncNow } from './api';

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const at = (iso: string) => when.format(new Date(iso));

function PageRow({ page }: { page: JustGivingPageStatus }) {
  return (
    <li className="flex flex-col gap-1 py-2 sm:flex-row sm:items-baseline sm:justify-between">
      <span>
        <span className="font-semibold text-navy-900">{page.teamName}</span>{' '}
        <span className="text-xs text-slate-500">({page.pageShortName})</span>
      </span>
      {page.error ? (
        <span className="text-rally-600">
          {page.error}
          {page.lastSuccessAt && <span className="text-slate-500"> · last read {at(page.lastSuccessAt)}</span>}
        </span>
      ) : (
        <span className="tabular-nums text-slate-700">
          {formatPence(page.total ?? 0)}
          {page.giftAid ? ` + ${formatPence(page.giftAid)} Gift Aid` : ''}
          {!page.confirmedAt && <span className="text-amber-900"> · not confirmed, not counted publicly</span>}
        </span>
      )}
    </li>
  );
}

/**
 * The JustGiving sync for organisers: when the pages were last read, which failed and why, and a
 * Sync now button. Failures show here only, never on public pages.
 */
export function JustGivingSyncPanel() {
  const { data, isError } = useJustGivingStatus();
  const sync = useSyncNow();
  const run = () =>
    sync.mutate(undefined, {
      onSuccess: (status) => {
        const failed = status.pages.filter((p) => p.error).length;
        toast({
          title: 'JustGiving Synced',
          description: failed ? `${failed} ${failed === 1 ? 'page' : 'pages'} could not be read.` : 'Every team page was read.',
        });
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'JustGiving could not be synced'), variant: 'destructive' }),
    });
  if (isError)
    return (
      <p role="alert" className="mb-6 text-rally-600">
        The JustGiving sync state could not be loaded.
      </p>
    );
  if (!data) return <Skeleton className="mb-6 h-20" />;
  const failures = data.pages.filter((p) => p.error);
  return (
    <section aria-labelledby="justgiving-sync" className="mb-6 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="justgiving-sync" className="font-semibold text-navy-900">
            JustGiving totals
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {!data.configured
              ? 'Not set up: add JUSTGIVING_APP_ID to the configuration to read team pages every 15 minutes.'
              : data.lastSyncAt
                ? `Last synced ${at(data.lastSyncAt)} · ${data.pages.length} ${data.pages.length === 1 ? 'page' : 'pages'}, ${failures.length} failed`
                : 'Not synced yet: pages are read every 15 minutes.'}
          </p>
        </div>
        {data.configured && (
          <Button variant="outline" size="sm" onClick={run} disabled={sync.isPending}>
            <RefreshCw className={`h-4 w-4 ${sync.isPending ? 'animate-spin' : ''}`} aria-hidden />
            {sync.isPending ? 'Syncing...' : 'Sync now'}
          </Button>
        )}
      </div>
      {data.pages.length > 0 && (
        <details className="mt-3 text-sm" open={failures.length > 0}>
          <summary className="cursor-pointer font-medium text-navy-800">Team pages</summary>
          <p className="mt-1 text-xs text-slate-500">
            A page&apos;s total counts once an organiser confirms, on the team&apos;s card, that the page is the team&apos;s. It is then one
            JustGiving line in the ledger, and JustGiving gifts the team typed in no longer count.
          </p>
          <ul className="mt-2 divide-y divide-slate-200" aria-label="JustGiving pages">
            {data.pages.map((p) => (
              <PageRow key={p.signupId} page={p} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
