import { Link } from 'wouter';
import { useRallies } from '../lib/rallies';

/**
 * Where a finished rally's results are: its page in the rally history (ranks once published), or,
 * until the rally joins the history, the fundraising leaderboard.
 */
export function ResultsLink({ year, className }: { year: number; className?: string }) {
  const rallies = useRallies();
  const inHistory = rallies.data?.some((r) => r.year === year);
  return (
    <Link href={inHistory ? `/rally/${year}` : '/leaderboard'} className={className ?? 'font-semibold underline underline-offset-2'}>
      See the {year} results
    </Link>
  );
}
