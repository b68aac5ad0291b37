import { rallyTime } from '@common/rally-time';
import type { MyClues } from '@common/schemas/clues';
import { Card } from '../../../components/ui/card';
import { useRallyTimeZone } from '../../../lib/rally-settings';
import { nextClueAt } from '../clue-state';
import { ClueCard } from './clue-card';

/**
 * Today's released clues, and when the next one comes; after midnight, while what the team did
 * yesterday without signal still counts when it arrives, yesterday's clues below them.
 */
export function CluesSection({ rally }: { rally: MyClues }) {
  const timeZone = useRallyTimeZone();
  const next = [...rally.upcoming].sort((a, b) => a.releaseAt.localeCompare(b.releaseAt))[0];
  // A copy kept by the service worker from before the site told yesterday's clues has no `yesterday`.
  const yesterday = rally.yesterday ?? null;
  const todays = rally.clues.filter((c) => c.day !== yesterday?.day);
  const yesterdays = rally.clues.filter((c) => c.day === yesterday?.day);
  return (
    <>
      <section aria-labelledby="clues-title" className="space-y-3">
        <h2 id="clues-title" className="text-xl font-bold text-navy-900">
          {rally.today ? `Today's clues (day ${rally.today.day})` : "Today's clues"}
        </h2>
        {!rally.today ? (
          <Card className="p-5">
            <p>There is no rally today. Clues appear here on each day of the rally.</p>
          </Card>
        ) : todays.length === 0 && !next ? (
          <Card className="p-5">
            <p>No clues today.</p>
          </Card>
        ) : null}
        {todays.map((clue) => (
          <ClueCard key={clue.id} clue={clue} />
        ))}
        {next && (
          <Card className="p-5">
            <p className="text-lg font-semibold text-navy-900">{nextClueAt(next.releaseAt, timeZone)}</p>
            {rally.upcoming.length > 1 && <p className="text-slate-600">{rally.upcoming.length} more clues to come today.</p>}
          </Card>
        )}
      </section>
      {yesterday && yesterdays.length > 0 && (
        <section aria-labelledby="yesterday-clues-title" className="space-y-3">
          <h2 id="yesterday-clues-title" className="text-xl font-bold text-navy-900">
            Yesterday's clues (day {yesterday.day})
          </h2>
          <p className="text-slate-700">
            Their day is over. What you did on day {yesterday.day} without signal still counts for day {yesterday.day} when the phone sends
            it by {rallyTime(yesterday.closesAt, timeZone)}.
          </p>
          {yesterdays.map((clue) => (
            <ClueCard key={clue.id} clue={clue} closed />
          ))}
        </section>
      )}
    </>
  );
}
