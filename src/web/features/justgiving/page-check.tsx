import { BadgeCheck } from 'lucide-react';
import { formatPence } from '@common/money';
import type { JustGivingPageStatus } from '@common/schemas/justgiving';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useConfirmPage, useJustGivingStatus } from './api';

/** The page as JustGiving names it: its title and owner, or what is missing. */
function PageIdentity({ page, url }: { page: JustGivingPageStatus; url: string | null }) {
  const title = page.title ?? `Untitled page (${page.pageShortName})`;
  return (
    <span>
      {url ? (
        <a className="font-semibold text-navy-800 hover:underline" href={url} target="_blank" rel="noreferrer">
          {title}
        </a>
      ) : (
        <span className="font-semibold text-navy-800">{title}</span>
      )}{' '}
      <span className="text-slate-600">by {page.owner ?? 'an owner JustGiving does not name'}</span>
    </span>
  );
}

/**
 * The team's JustGiving page on its card: the title and owner the sync read, its total, and until an
 * organiser confirms it is the team's, a one-click check. Until then the total is shown here only.
 */
export function JustGivingPageCheck({ signupId, teamName, url }: { signupId: number; teamName: string; url: string | null }) {
  const { data } = useJustGivingStatus();
  const confirm = useConfirmPage(signupId);
  const page = data?.pages.find((p) => p.signupId === signupId);
  if (!page) return null;
  const read = page.lastSuccessAt !== null && page.total !== null;

  const run = () =>
    confirm.mutate(
      { pageShortName: page.pageShortName },
      {
        onSuccess: () => toast({ title: 'Page Confirmed', description: `${teamName}'s JustGiving total now counts publicly.` }),
        onError: (err) =>
          toast({ title: 'Error', description: errorMessage(err, 'The page could not be confirmed'), variant: 'destructive' }),
      },
    );

  return (
    <section
      aria-label={`JustGiving page of ${teamName}`}
      className="mb-4 flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">JustGiving page</p>
        {read ? (
          <p>
            <PageIdentity page={page} url={url} /> · <span className="tabular-nums">{formatPence(page.total ?? 0)}</span>
          </p>
        ) : (
          <p className="text-rally-600">{page.error ?? 'Not read yet'}</p>
        )}
        {page.confirmedAt ? (
          <p className="flex items-center gap-1 text-emerald-800">
            <BadgeCheck className="h-4 w-4" aria-hidden /> Confirmed as the team&apos;s page: its total counts publicly.
          </p>
        ) : (
          read && <p className="text-amber-900">Not counted publicly until an organiser confirms this is the team&apos;s page.</p>
        )}
      </div>
      {read && !page.confirmedAt && (
        <Button
          variant="outline"
          size="sm"
          onClick={run}
          disabled={confirm.isPending}
          aria-label={`Confirm this JustGiving page is ${teamName}'s`}
        >
          <BadgeCheck className="h-4 w-4" aria-hidden /> {confirm.isPending ? 'Confirming...' : "Confirm it's theirs"}
        </Button>
      )}
    </section>
  );
}
