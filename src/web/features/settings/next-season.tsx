import { useState } from 'react';
import type { RallySettings } from '@common/schemas/rally-settings';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useStartNextSeason } from './api';

/** "Start the {next year} season", after a confirmation that names what happens. */
export function NextSeason({ settings }: { settings: RallySettings }) {
  const [confirming, setConfirming] = useState(false);
  const start = useStartNextSeason();
  const { year } = settings;
  const next = year + 1;
  return (
    <section aria-labelledby="next-season-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="next-season-title" className="text-lg font-semibold text-navy-900">
        After the {year} rally
      </h2>
      <p className="mt-1 text-slate-600">When this year's rally is over, open the next season.</p>
      <Button className="mt-3" variant="secondary" onClick={() => setConfirming(true)}>
        Start the {next} season
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Start the ${next} season?`}
        confirmLabel={`Start ${next}`}
        pending={start.isPending}
        onConfirm={() =>
          start.mutate(next, {
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
          })
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
      </ConfirmDialog>
    </section>
  );
}
