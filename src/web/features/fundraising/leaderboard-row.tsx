import { Link } from 'wouter';
import { Medal } from 'lucide-react';
import { formatPence } from '@common/money';
import type { LeaderboardEntry } from '@common/schemas/public-team';
import { buttonClass } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { ProgressBar } from '../../components/ui/progress-bar';
import { teamTarget } from '@common/fundraising';
import { donationCountLabel } from './api';
import { useRallySettings } from '../../lib/rally-settings';

/** Gold, silver and bronze for the first three places with money raised. */
const medals = [
  { name: 'Gold medal', row: 'border-gold-400 bg-gold-300/15 ring-1 ring-gold-400', icon: 'text-gold-500' },
  { name: 'Silver medal', row: 'border-slate-400 bg-slate-100/70 ring-1 ring-slate-300', icon: 'text-slate-400' },
  { name: 'Bronze medal', row: 'border-amber-700/60 bg-amber-700/5 ring-1 ring-amber-700/30', icon: 'text-amber-700' },
] as const;

/** `id` names the row's element (a page that hydrates its rows as they are seen finds them by it). */
export function LeaderboardRow({ entry, rank, id }: { entry: LeaderboardEntry; rank: number; id?: string }) {
  const rallySettings = useRallySettings();
  const medal = entry.donationTotal > 0 && rank <= 3 ? medals[rank - 1] : null;
  return (
    <li
      id={id}
      data-testid="leaderboard-row"
      data-medal={medal ? medal.name.split(' ')[0]!.toLowerCase() : undefined}
      className={cn(
        'flex items-center gap-3 rounded-xl border bg-white p-3 shadow-sm sm:gap-5 sm:p-4',
        medal ? medal.row : 'border-slate-200',
      )}
    >
      <span className="flex w-10 shrink-0 flex-col items-center justify-center">
        {medal ? (
          <Medal className={cn('h-8 w-8', medal.icon)} role="img" aria-label={`${medal.name}, rank ${rank}`} />
        ) : (
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-navy-50 font-bold text-navy-800">
            <span className="sr-only">Rank </span>
            {rank}
          </span>
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-bold leading-snug text-navy-900 wrap-anywhere sm:text-lg">{entry.teamName}</p>
        <p className="text-sm text-slate-500">{donationCountLabel(entry.donationCount)}</p>
        <ProgressBar
          raised={entry.donationTotal}
          target={teamTarget(entry.target, rallySettings)}
          label={`Fundraising progress of ${entry.teamName}`}
          className="mt-2 max-w-sm"
        />
      </div>
      {/* Stacked on a phone so the team name keeps the width; side by side from sm up. */}
      <div className="flex shrink-0 flex-col items-end gap-1.5 sm:flex-row sm:items-center sm:gap-5">
        <p className="text-lg font-bold tabular-nums text-navy-900 sm:text-xl">{formatPence(entry.donationTotal)}</p>
        <Link href={`/donate/${entry.signupId}`} className={buttonClass('primary', 'sm')}>
          Donate<span className="sr-only"> to {entry.teamName}</span>
        </Link>
      </div>
    </li>
  );
}

export function LeaderboardRowSkeleton() {
  return (
    <li data-testid="leaderboard-row-skeleton" className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <Skeleton className="h-9 w-9 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-1/4" />
      </div>
      <Skeleton className="h-6 w-20" />
      <Skeleton className="h-9 w-20" />
    </li>
  );
}
