import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/card';
import { useLivePositions } from './api';

// The map of Europe is the page's heaviest part: its own chunk, loaded once someone shares a position.
const PositionsMap = lazy(() => import('./positions-map'));

/** "shown 30 minutes late and about a kilometre out": what the map's positions are, from the answer itself. */
export function delayLine(delayMinutes: number): string {
  const late = delayMinutes % 60 === 0 ? `${delayMinutes / 60} hour${delayMinutes === 60 ? '' : 's'}` : `${delayMinutes} minutes`;
  return `Positions are shown ${late} late and about a kilometre out, for the teams' safety.`;
}

/** The map of the teams that share their position, or a line saying none does at the moment. */
export function LiveMap() {
  const { data, isError } = useLivePositions();
  const loading = (
    <div role="status" aria-label="Loading the map">
      <Skeleton className="aspect-[39/32] w-full" />
    </div>
  );
  if (isError) return <p className="text-sm text-rally-600">The map could not be loaded. It will appear when the connection returns.</p>;
  if (!data) return loading;
  return (
    <div className="space-y-2">
      {data.teams.length ? (
        <Suspense fallback={loading}>
          <PositionsMap teams={data.teams} />
        </Suspense>
      ) : (
        <p className="text-sm text-slate-600">
          No team is sharing its position at the moment. Teams choose when to share; their cars appear here once they do.
        </p>
      )}
      <p className="text-xs text-slate-600">{delayLine(data.delayMinutes)}</p>
    </div>
  );
}
