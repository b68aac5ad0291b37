import { useState } from 'react';
import { Send } from 'lucide-react';
import type { YearResults } from '@common/schemas/results';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { usePublishResults } from './api';

/** "Publish results", with a confirmation that says what it does. */
export function PublishResults({ results }: { results: YearResults }) {
  const { year, teams, publishedTeams } = results;
  const [confirming, setConfirming] = useState(false);
  const publish = usePublishResults(year);
  const ranked = teams.filter((t) => t.rank !== null);
  const winner = teams.find((t) => t.rank === 1);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button onClick={() => setConfirming(true)} disabled={!ranked.length}>
        <Send className="h-4 w-4" aria-hidden /> Publish results
      </Button>
      <span className="text-sm text-slate-600">
        {publishedTeams
          ? `${publishedTeams} ${publishedTeams === 1 ? 'team is' : 'teams are'} published; publishing again updates them.`
          : ranked.length
            ? 'Not published yet.'
            : 'Enter the results first.'}
      </span>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Publish the ${year} results?`}
        confirmLabel="Publish results"
        pending={publish.isPending}
        onConfirm={() =>
          publish.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              toast({ title: 'Results published', description: `${answer.message}.` });
            },
            onError: (err) =>
              toast({ title: 'Error', description: errorMessage(err, 'Failed to publish the results'), variant: 'destructive' }),
          })
        }
      >
        <p>
          The {teams.length} {teams.length === 1 ? 'team' : 'teams'} of {year} ({ranked.length} with a result) join the historic database
          with their rank, car number and score: they appear on the {year} rally page, and their drivers and co-drivers join the contact
          list with their e-mail addresses (anyone who opted out stays opted out).
        </p>
        {winner && (
          <p>
            {winner.teamName} ({[winner.driverName, winner.coDriverName].filter(Boolean).join(' & ')}) become the {year} Rally Champions on
            the home page.
          </p>
        )}
        <p>Publishing again later updates the same records; nobody is added twice.</p>
      </ConfirmDialog>
    </div>
  );
}
