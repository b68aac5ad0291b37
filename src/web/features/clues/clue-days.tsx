import { useState } from 'react';
import type { AdminClue, AdminClueList } from '@common/schemas/clues';
import { Button } from '../../components/ui/button';
import { Badge, Card, Skeleton } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { rallyDayTime, timesAreIn } from '@common/rally-time';
import { errorMessage } from '../../lib/error-message';
import { useRallyTimeZone } from '../../lib/rally-settings';
import { toast } from '../../lib/toast';
import { useDeleteClue, useSeasonClues } from './api';
import { ClueForm } from './clue-form';

const dayName = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

function ClueRow({ clue, days }: { clue: AdminClue; days: number[] }) {
  const timeZone = useRallyTimeZone();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteClue();
  if (editing) return <ClueForm clue={clue} day={clue.day} days={days} onDone={() => setEditing(false)} />;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 border-t border-slate-100 py-3">
      <div className="min-w-0">
        <p className="font-semibold text-navy-900">
          {clue.title}{' '}
          <Badge className={clue.released ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700'}>
            {clue.released ? 'Released' : 'Not yet released'}
          </Badge>
        </p>
        <p className="text-sm text-slate-600">
          {rallyDayTime(clue.releaseAt, timeZone)} · {clue.points} points · {clue.answerKind === 'text' ? 'text answer' : 'photo'} ·{' '}
          {clue.place.name || `${clue.place.coordinates[1]}, ${clue.place.coordinates[0]}`} ({clue.radiusMetres} m) · {clue.hints.length}{' '}
          {clue.hints.length === 1 ? 'hint' : 'hints'} · {clue.answerCount} answers
        </p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${clue.title}`}>
          Edit
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={`Delete ${clue.title}`}>
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this clue?"
        confirmLabel="Delete clue"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(clue.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Clue deleted', description: clue.title });
            },
            onError: (err) =>
              toast({ title: 'Error', description: errorMessage(err, 'Failed to delete the clue'), variant: 'destructive' }),
          })
        }
      >
        <p>“{clue.title}” will be removed. A clue teams have answered cannot be deleted.</p>
      </ConfirmDialog>
    </li>
  );
}

function DayCard({ day, list }: { day: AdminClueList['days'][number]; list: AdminClueList }) {
  const [adding, setAdding] = useState(false);
  const days = list.days.map((d) => d.day);
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-bold text-navy-900">
        Day {day.day}: {dayName.format(new Date(`${day.date}T00:00:00Z`))}
      </h2>
      {day.clues.length === 0 && <p className="mt-2 text-sm text-slate-600">No clues yet.</p>}
      <ul className="mt-2">
        {day.clues.map((clue) => (
          <ClueRow key={clue.id} clue={clue} days={days} />
        ))}
      </ul>
      <div className="mt-3 border-t border-slate-100 pt-4">
        {adding ? (
          <ClueForm day={day.day} days={days} onDone={() => setAdding(false)} />
        ) : (
          <Button size="sm" onClick={() => setAdding(true)}>
            Add a clue to day {day.day}
          </Button>
        )}
      </div>
    </Card>
  );
}

/** The season's rally days, each with its clues, released or not yet. */
export function ClueDays() {
  const { data, isError } = useSeasonClues();
  const timeZone = useRallyTimeZone();
  if (isError) return <p className="text-rally-600">The clues could not be loaded. Please refresh the page.</p>;
  if (!data)
    return (
      <div role="status" aria-label="Loading the clues" className="space-y-2">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{timesAreIn(timeZone)}</p>
      {data.days.map((day) => (
        <DayCard key={day.day} day={day} list={data} />
      ))}
    </div>
  );
}
