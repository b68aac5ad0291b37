import { useQuery } from '@tanstack/react-query';
import { dayStoryQuery } from './api';
import type { StoryDay } from '@common/schemas/clues';
import { timesAreIn } from '@common/rally-time';
import { TIE_RULE } from '@common/tie-rule';
import { Skeleton } from '../../components/ui/card';
import { useRallyTimeZone } from '../../lib/rally-settings';
import { DonateLink, UpdateCard } from '../../components/update-card';

const dayName = (isoDay: string) =>
  new Date(`${isoDay}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const teams = (n: number) => `${n} ${n === 1 ? 'team' : 'teams'}`;

function StoryDaySection({ day }: { day: StoryDay }) {
  const titleId = `story-day-${day.day}`;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id={titleId} className="font-display text-xl font-bold text-navy-900">
        Day {day.day} · {dayName(day.date)}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {day.leaders.length
          ? `Leading the day: ${day.leaders.map((l) => l.teamName).join(' and ')} (${day.leaders[0]!.points} points)`
          : 'No team scored on this day.'}
      </p>
      <ol className="mt-4 space-y-4">
        {day.clues.map((c) => (
          <li key={c.id} className="border-t border-slate-100 pt-3">
            <p className="font-semibold text-navy-900">
              {c.title} <span className="text-sm font-normal text-slate-500">· {c.points} points</span>
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-700">{c.body}</p>
            <p className="mt-1 text-sm text-slate-600">
              {c.answerKind === 'photo' ? 'Answered with a photo' : `Answer: ${c.acceptedAnswers.join(' / ')}`}
              {c.placeName ? ` · The place: ${c.placeName}` : ''}
            </p>
            <p className="text-sm text-slate-600">
              {c.solvedBy
                ? `Solved by ${teams(c.solvedBy)}${c.firstSolver ? `; first: ${c.firstSolver.teamName}` : ''}`
                : 'Nobody solved it.'}
            </p>
          </li>
        ))}
      </ol>
      {day.updates.length > 0 && (
        <>
          <h4 className="mt-6 font-semibold text-navy-900">From the road</h4>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {day.updates.map((u) => (
              <UpdateCard key={u.id} update={u} showTeam donate={<DonateLink update={u} />} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * The treasure hunt day by day on /rally/{year}: each rally day's clues with their answers, how many
 * teams solved each and who first, the day's leaders, and the teams' updates from the road that day. Shown once the rally is over; nothing for
 * a year without clues.
 */
export function DayStory({ year, sayWhenEmpty = false }: { year: number; sayWhenEmpty?: boolean }) {
  const { data, isPending } = useQuery(dayStoryQuery(year));
  const timeZone = useRallyTimeZone();
  if (isPending)
    return (
      <div role="status" aria-label="Loading the treasure hunt" className="mt-14">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="mt-4 h-40 w-full" />
      </div>
    );
  if (!data?.open) return null;
  // Where the page has just said the hunt is told here, an empty story says so rather than nothing.
  if (!data.days.length && !data.comingDays.length)
    return sayWhenEmpty ? <p className="mt-8 text-slate-600">No treasure-hunt clue was released during the {year} rally.</p> : null;
  return (
    <section aria-labelledby="hunt-story-title" className="mt-14">
      <h2 id="hunt-story-title" className="mb-5 font-display text-2xl font-bold text-navy-900 sm:text-3xl">
        The Treasure Hunt, Day by Day
      </h2>
      <div className="space-y-6">
        {data.days.map((day) => (
          <StoryDaySection key={day.day} day={day} />
        ))}
        {data.days.some((d) => d.updates.length > 0) && <p className="text-xs text-slate-500">{timesAreIn(timeZone)}</p>}
        {data.days.length > 0 && (
          <p className="text-xs text-slate-600">A clue&rsquo;s first solver is the team whose answer reached the site first. {TIE_RULE}</p>
        )}
        {data.comingDays.map((d) => (
          <p key={d.day} className="text-sm text-slate-600">
            Day {d.day} ({dayName(d.date)}) appears here on {dayName(d.showsOn)}, once answers sent without signal are all in.
          </p>
        ))}
      </div>
    </section>
  );
}
