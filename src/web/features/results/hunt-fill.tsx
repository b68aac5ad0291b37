import { useState } from 'react';
import { Link } from 'wouter';
import { Trophy } from 'lucide-react';
import { TIE_RULE } from '@common/tie-rule';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage, isStatus } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useFillFromHunt, useHuntResults } from './api';

const longDate = (isoDay: string) =>
  new Date(`${isoDay}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * "Fill from the treasure hunt": once the rally's last day is over, sets every team's rank and score
 * from the hunt's final standings (car numbers stay as they are). Results already typed or imported
 * are replaced only after the organiser agrees.
 */
export function HuntFill({ year }: { year: number }) {
  const { data, isError } = useHuntResults(year);
  const fill = useFillFromHunt(year);
  const [asking, setAsking] = useState<string | null>(null);
  if (isError) return <p className="text-rally-600">The treasure hunt's standings could not be loaded. Please refresh the page.</p>;
  if (!data)
    return (
      <div role="status" aria-label="Loading the treasure hunt's standings">
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (data.open && !data.hasClues) return <p className="text-sm text-slate-600">The {year} rally had no treasure hunt clues.</p>;

  const send = (replace: boolean) =>
    fill.mutate(replace, {
      onSuccess: (answer) => {
        setAsking(null);
        toast({ title: 'Results filled', description: answer.message });
      },
      onError: (err) => {
        // A 409 once the rally is over: results are already there and would change.
        if (!replace && isStatus(err, 409) && data.open) return setAsking(errorMessage(err, 'Some teams already have results.'));
        toast({ title: 'Error', description: errorMessage(err, 'Failed to fill the results'), variant: 'destructive' });
      },
    });
  return (
    <div className="space-y-2">
      {data.photosWaiting > 0 && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {data.photosWaiting === 1 ? 'A photo answer is' : `${data.photosWaiting} photo answers are`} still waiting for approval: until
          judged, it scores nothing and its clue shows as unsolved.{' '}
          <Link href="/admin/clues" className="font-semibold underline underline-offset-2">
            Judge the photos first
          </Link>
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={!data.open || fill.isPending} onClick={() => send(false)}>
          <Trophy className="h-4 w-4" aria-hidden /> Fill from the treasure hunt
        </Button>
        <span className="text-sm text-slate-600">
          {data.open
            ? "Sets each team's rank and score from the hunt's final standings; car numbers stay as they are."
            : `Available from ${longDate(data.opensOn)}, once the rally's last day is over.`}
        </span>
      </div>
      {data.open && (
        <p className="text-sm text-slate-600">
          Score is the hunt's total, never below 0. Rank is the team's place in the standings. {TIE_RULE}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Replace the results already entered?"
        confirmLabel="Replace with the hunt's results"
        destructive
        pending={fill.isPending}
        onConfirm={() => send(true)}
      >
        <p>{asking}</p>
        <p>Their ranks and scores become the treasure hunt's; car numbers stay as they are. The change is in the audit log.</p>
      </ConfirmDialog>
    </div>
  );
}
