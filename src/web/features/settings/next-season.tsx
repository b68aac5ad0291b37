import { useState } from 'react';
import type { RallySettings } from '@common/schemas/rally-settings';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useStartNextSeason } from './api';
import { formatDay } from '@common/rally-dates';
import { rallyFinished } from '@common/season-phase';
import { useSeasonStory } from '../../lib/season-story';

/**
 * "Start the {next year} season", after a confirmation that names what happens. Before this
 * year's rally is over, it also asks the organiser to tick that they mean to start early (the
 * server refuses an early start without it).
 */
export function NextSeason({ settings }: { settings: RallySettings }) {
  const [confirming, setConfirming] = useState(false);
  const [earlyConfirmed, setEarlyConfirmed] = useState(false);
  const start = useStartNextSeason();
  const { year } = settings;
  const next = year + 1;
  // The season's story says whether this year's rally is over (season-phase.ts); the server checks it too.
  const story = useSeasonStory();
  const early = !story || !rallyFinished(story);
  return (
    <section aria-labelledby="next-season-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="next-season-title" className="text-lg font-semibold text-navy-900">
        After the {year} rally
      </h2>
      <p className="mt-1 text-slate-600">
        When this year's rally is over, open the next season.
        {early && ` The ${year} rally's last day is ${formatDay(settings.rallyEnd)}: it is not over yet.`}
      </p>
      <Button className="mt-3" variant="secondary" onClick={() => setConfirming(true)}>
        Start the {next} season
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Start the ${next} season?`}
        confirmLabel={`Start ${next}`}
        pending={start.isPending || (early && !earlyConfirmed)}
        onConfirm={() =>
          start.mutate(
            { year: next, earlyStart: early && earlyConfirmed },
            {
              onSuccess: ({ addedToHistory }) => {
                setConfirming(false);
                toast({
                  title: `The ${next} season has started`,
                  description: addedToHistory
                    ? `The ${year} rally is now in the rally history: add its photos there.`
                    : 'Check the new settings below.',
                });
              },
              onError: (err) =>
                toast({ title: 'Error', description: errorMessage(err, 'Failed to start the season'), variant: 'destructive' }),
            },
          )
        }
      >
        <ul className="list-disc space-y-1 pl-5">
          <li>
            The {year} rally joins the rally history (unless it is there already), with {settings.destination} as its destination.
          </li>
          <li>
            The {next} settings start as a copy of this year's, a year later and with no registration dates. Its dates, edition,
            destination, route and cost are marked for review: until you save the settings, registration stays closed and the public pages
            say the {next} rally is being prepared.
          </li>
          <li>
            Who's Registered, the leaderboard and the registration form move to {next}. The {year} teams stay in the admin, and their
            donations and details are kept.
          </li>
        </ul>
        <p>This cannot be undone from the site.</p>
        {early && (
          <label className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
            <input
              type="checkbox"
              className="mt-1 h-4 w-4"
              checked={earlyConfirmed}
              onChange={(e) => setEarlyConfirmed(e.target.checked)}
            />
            <span>
              Start {next} now, before the {year} rally has finished ({formatDay(settings.rallyEnd)}): registration for {year} closes and
              the public pages stop showing the {year} rally as this year's.
            </span>
          </label>
        )}
      </ConfirmDialog>
    </section>
  );
}
