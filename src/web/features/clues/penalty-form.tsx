import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useAddPenalty } from './api';

/**
 * Gives one team a penalty: points (a whole number, at least 1), the reason the team will read, and
 * optionally the rally day it belongs to. The public standings show the points, never the reason.
 */
export function PenaltyForm({
  team,
  dayCount,
  onDone,
}: {
  team: { signupId: number; teamName: string };
  dayCount: number;
  onDone: () => void;
}) {
  const id = useId();
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string>();
  const add = useAddPenalty();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(points);
    if (!Number.isInteger(n) || n < 1) return setProblem('Points must be a whole number, at least 1');
    if (!reason.trim()) return setProblem('Please give a reason');
    setProblem(undefined);
    add.mutate(
      { signupId: team.signupId, points: n, reason, day: day ? Number(day) : null },
      {
        onSuccess: () => {
          toast({ title: 'Penalty given', description: `${team.teamName}: −${n}` });
          onDone();
        },
        onError: (err) => setProblem(errorMessage(err, 'Failed to save the penalty')),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label={`Penalty for ${team.teamName}`}
      className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 p-3"
    >
      <p className="basis-full font-semibold text-navy-900">Penalty for {team.teamName}</p>
      <div className="w-24">
        <Label htmlFor={`${id}-points`}>Points</Label>
        {/* Opened by the team's "Penalty" button: the form takes the focus where it appears. */}
        <Input id={`${id}-points`} autoFocus inputMode="numeric" value={points} onChange={(e) => setPoints(e.target.value)} />
      </div>
      <div className="min-w-48 flex-1">
        <Label htmlFor={`${id}-reason`}>Reason (the team reads it)</Label>
        <Input id={`${id}-reason`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div>
        <Label htmlFor={`${id}-day`}>Rally day</Label>
        <select
          id={`${id}-day`}
          value={day}
          onChange={(e) => setDay(e.target.value)}
          className="block h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="">None</option>
          {Array.from({ length: dayCount }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              Day {i + 1}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="sm" disabled={add.isPending}>
        Give penalty
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onDone}>
        Cancel
      </Button>
      <div className="basis-full">
        <FieldError message={problem} />
      </div>
    </form>
  );
}
