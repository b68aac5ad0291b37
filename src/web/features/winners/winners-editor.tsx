import { useId, useState } from 'react';
import { winnerSchema, type WinnerRecord } from '@common/schemas/winners';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useWinners } from '../../lib/winners';
import { useAddWinner, useDeleteWinner, useUpdateWinner } from './api';

type Draft = { year: string; destination: string; winners: string; teamName: string };
const textFields = [
  { name: 'destination', label: 'Destination' },
  { name: 'winners', label: "Winners' names", hint: 'e.g. Ann Le Cornu & Tom Pallot' },
  { name: 'teamName', label: 'Team name' },
] as const;

const draftOf = (w: WinnerRecord): Draft => ({ ...w, year: String(w.year) });

/** The shared schema's verdict on a draft: the row to send, or the first message per field. */
function check(draft: Draft): { row?: WinnerRecord; errors: Partial<Record<keyof Draft, string>> } {
  const parsed = winnerSchema.safeParse(draft);
  if (parsed.success) return { row: parsed.data, errors: {} };
  const errors: Partial<Record<keyof Draft, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Draft;
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** One row's inputs: a new row types its year, an existing row's year is fixed. */
function WinnerRow({ winner, onAdded }: { winner?: WinnerRecord; onAdded?: () => void }) {
  const id = useId();
  const blank: Draft = { year: '', destination: '', winners: '', teamName: '' };
  const [draft, setDraft] = useState<Draft>(winner ? draftOf(winner) : blank);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const add = useAddWinner();
  const update = useUpdateWinner();
  const remove = useDeleteWinner();
  const label = winner ? `${winner.year}` : 'new row';

  const save = () => {
    const { row, errors } = check(draft);
    setErrors(errors);
    if (!row) return;
    const onError = (err: unknown) =>
      toast({ title: 'Error', description: errorMessage(err, 'Failed to save the winners row'), variant: 'destructive' });
    if (winner) {
      const { year: _year, ...fields } = row;
      update.mutate({ year: winner.year, fields }, { onSuccess: () => toast({ title: `${winner.year} winners saved` }), onError });
    } else {
      add.mutate(row, {
        onSuccess: () => {
          toast({ title: `${row.year} winners added`, description: 'They are in the home page table.' });
          setDraft(blank);
          onAdded?.();
        },
        onError,
      });
    }
  };

  const input = (name: keyof Draft, text: string, hint?: string) => {
    const inputId = `${id}-${name}`;
    return (
      <div key={name}>
        <Label htmlFor={inputId}>
          {text}
          <span className="sr-only"> ({label})</span>
        </Label>
        <Input
          id={inputId}
          value={draft[name]}
          inputMode={name === 'year' ? 'numeric' : undefined}
          placeholder={hint}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${inputId}-error` : undefined}
          onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        />
        <FieldError id={`${inputId}-error`} message={errors[name]} />
      </div>
    );
  };

  return (
    <li className="rounded-xl border border-slate-200 p-3" aria-label={winner ? `${winner.year} winners` : 'Add winners'}>
      <div className="grid gap-3 sm:grid-cols-[6rem_1fr_1fr_1fr_auto] sm:items-end">
        {winner ? <p className="pb-2 text-lg font-bold text-navy-900">{winner.year}</p> : input('year', 'Year')}
        {textFields.map((f) => input(f.name, f.label, 'hint' in f ? f.hint : undefined))}
        <div className="flex gap-2 pb-0.5">
          <Button size="sm" onClick={save} disabled={add.isPending || update.isPending}>
            {winner ? 'Save' : 'Add'}
            <span className="sr-only"> {label}</span>
          </Button>
          {winner && (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              Delete<span className="sr-only"> {label}</span>
            </Button>
          )}
        </div>
      </div>
      {winner && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete the ${winner.year} winners?`}
          confirmLabel="Delete row"
          destructive
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(winner.year, {
              onSuccess: () => setConfirming(false),
              onError: (err) =>
                toast({ title: 'Error', description: errorMessage(err, 'Failed to delete the row'), variant: 'destructive' }),
            })
          }
        >
          <p>
            {winner.winners} ({winner.teamName}) leave the home page's Rally Champions table. The {winner.year} rally's page and its
            participants stay.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

/** The Rally Champions table as organisers keep it: one row per year, newest first. */
export function WinnersEditor() {
  const { data, isError } = useWinners();
  if (isError) return <p className="text-rally-600">The winners could not be loaded. Please refresh the page.</p>;
  if (!data)
    return (
      <div className="space-y-2" role="status" aria-label="Loading the winners">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  const newestFirst = [...data].sort((a, b) => b.year - a.year);
  return (
    <ul className="space-y-3">
      <WinnerRow />
      {newestFirst.map((w) => (
        // Keyed by content, so a refetched row shows its saved values.
        <WinnerRow key={`${w.year}|${w.destination}|${w.winners}|${w.teamName}`} winner={w} />
      ))}
    </ul>
  );
}
