import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { entryStatuses, entryStatusLabels, statusChangeSchema, type StatusChangeInput } from '@common/schemas/entry-status';
import type { AdminTeam } from '@common/schemas/registrations';
import { Badge } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useRallySettings } from '../../lib/rally-settings';
import type { RegistrationsParts } from './parts';
import { depositSummary } from '../../lib/deposit-summary';
import { useChangeStatus, useStatusHistory, useWaitingListHold } from './api';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A team an organiser moved to the waiting list stays there when a place comes free, until the hold is cleared. */
function WaitingListHoldNote({ signup }: { signup: AdminTeam }) {
  const hold = useWaitingListHold(signup.id);
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
      Held on the waiting list by the organisers: no free place is offered to this team.
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={hold.isPending}
        onClick={() =>
          hold.mutate(
            { held: false },
            {
              onSuccess: () => toast({ title: 'Back in line', description: `${signup.teamName} can now be offered a free place.` }),
              onError: (e) =>
                toast({ title: 'Hold not cleared', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
            },
          )
        }
      >
        {hold.isPending ? 'Saving...' : 'Put back in line'}
      </Button>
    </p>
  );
}

/** The team's entry status, a way to move it (with a reason), and every earlier move. */
export function EntryStatusPanel({ signup, parts }: { signup: AdminTeam; parts: RegistrationsParts }) {
  const [showHistory, setShowHistory] = useState(false);
  const history = useStatusHistory(signup.id, showHistory);
  const change = useChangeStatus(signup.id);
  // The form starts at the deposit the settings name now, as every page words it.
  const { depositAmountPence } = useRallySettings();
  const deposit = depositSummary(signup);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<StatusChangeInput>({
    resolver: zodResolver(statusChangeSchema),
    defaultValues: { status: signup.status, reason: '' },
  });
  const id = `status-${signup.id}`;
  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        reset({ status: values.status, reason: '' });
        setShowHistory(true);
        toast({ title: 'Status changed', description: `${signup.teamName}: ${entryStatusLabels[values.status]}` });
      },
      onError: (e) => toast({ title: 'Status not changed', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="flex items-center gap-2 font-semibold text-navy-900">
        Entry status <Badge>{entryStatusLabels[signup.status]}</Badge>
      </p>
      {signup.status === 'waiting_list' && signup.heldOnWaitingList && <WaitingListHoldNote signup={signup} />}
      <p className="mt-1 text-slate-700">{deposit ? `Deposit: ${deposit}` : 'Deposit: not recorded'}</p>
      {!deposit && <parts.ManualDeposit signupId={signup.id} teamName={signup.teamName} defaultPence={depositAmountPence} />}
      <form onSubmit={submit} className="mt-2 grid gap-2 sm:grid-cols-[auto_1fr_auto] sm:items-end">
        <div>
          <Label htmlFor={`${id}-to`}>Move to</Label>
          <select id={`${id}-to`} {...register('status')} className="h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm">
            {entryStatuses.map((s) => (
              <option key={s} value={s}>
                {entryStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor={`${id}-reason`}>Reason (optional)</Label>
          <Input id={`${id}-reason`} maxLength={500} aria-invalid={!!errors.reason} {...register('reason')} />
        </div>
        <Button type="submit" size="sm" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change status'}
        </Button>
        <FieldError message={errors.status?.message ?? errors.reason?.message} />
      </form>
      <button
        type="button"
        className="mt-2 text-sm font-medium text-navy-700 underline"
        aria-expanded={showHistory}
        onClick={() => setShowHistory(!showHistory)}
      >
        {showHistory ? 'Hide status history' : 'Show status history'}
      </button>
      {showHistory && (
        <div className="mt-2">
          {history.isLoading ? (
            <p className="text-slate-500">Loading the history...</p>
          ) : history.isError ? (
            <p role="alert" className="text-rally-600">
              The history could not be loaded.
            </p>
          ) : history.data?.length ? (
            <ol className="space-y-1" aria-label={`Status history of ${signup.teamName}`}>
              {history.data.map((h) => (
                <li key={h.id} className="text-slate-700">
                  <span className="tabular-nums text-slate-500">{when(h.createdAt)}</span>:{' '}
                  {h.fromStatus ? entryStatusLabels[h.fromStatus] : 'New'} → <strong>{entryStatusLabels[h.toStatus]}</strong> by{' '}
                  {h.actorEmail ?? 'the site'}
                  {h.reason ? ` (${h.reason})` : ''}
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-slate-500">No changes yet: registered when the team signed up.</p>
          )}
        </div>
      )}
    </div>
  );
}
