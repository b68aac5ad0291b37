import { useState } from 'react';
import type { Penalty } from '@common/schemas/clues';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { rallyDayTime } from '@common/rally-time';
import { errorMessage } from '../../lib/error-message';
import { useRallyTimeZone } from '../../lib/rally-settings';
import { toast } from '../../lib/toast';
import { useRemovePenalty } from './api';

/** The season's penalties, newest first, each removable (asked first; the removal is audited). */
export function PenaltyList({ penalties }: { penalties: Penalty[] }) {
  const [removing, setRemoving] = useState<Penalty | null>(null);
  const remove = useRemovePenalty();
  const timeZone = useRallyTimeZone();
  if (!penalties.length) return <p className="text-sm text-slate-600">No penalties given.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100 text-sm">
        {penalties.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-semibold text-navy-900">{p.teamName}</span> −{p.points}
              {p.day ? ` (day ${p.day})` : ''}: {p.reason}
              <span className="block text-xs text-slate-500">
                {rallyDayTime(p.createdAt, timeZone)}
                {p.createdBy ? ` by ${p.createdBy}` : ''}
              </span>
            </span>
            <Button size="sm" variant="outline" onClick={() => setRemoving(p)}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this penalty?"
        confirmLabel="Remove penalty"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: 'Penalty removed', description: `${removing.teamName}: ${removing.points} points given back` });
              setRemoving(null);
            },
            onError: (err) =>
              toast({ title: 'Error', description: errorMessage(err, 'Failed to remove the penalty'), variant: 'destructive' }),
          })
        }
      >
        {removing && (
          <p>
            {removing.teamName} get their {removing.points} points back ({removing.reason}).
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
