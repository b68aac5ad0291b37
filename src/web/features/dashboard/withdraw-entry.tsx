import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LogOut } from 'lucide-react';
import { useRallySettings } from '../../lib/rally-settings';
import { withdrawSchema, type WithdrawInput } from '@common/schemas/entry-status';
import { Button } from '../../components/ui/button';
import { FieldError, Label, Textarea } from '../../components/ui/input';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useWithdraw, type MyTeamView } from './api';

/** The driver withdrawing the team, after a confirmation; only the organisers can put it back. */
export function WithdrawEntry({ signup }: { signup: MyTeamView }) {
  const rallySettings = useRallySettings();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<WithdrawInput>({ resolver: zodResolver(withdrawSchema), defaultValues: { reason: '' } });
  const withdraw = useWithdraw();
  if (signup.status === 'withdrawn' || signup.role !== 'driver') return null;
  const confirm = handleSubmit((values) =>
    withdraw.mutate(values, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Entry withdrawn', description: `${signup.teamName} has left the ${rallySettings.year} rally.` });
      },
      onError: (e) => toast({ title: 'Could not withdraw', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-bold text-navy-900">Can&apos;t make it?</h2>
      <p className="mt-1 text-sm text-slate-600">
        If your team can no longer take part, withdraw your entry so the organisers can offer your place to the next team.
      </p>
      <Button variant="outline" size="sm" className="mt-3" onClick={() => setOpen(true)}>
        <LogOut className="h-4 w-4" aria-hidden /> Withdraw from the rally
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Withdraw your team?"
        confirmLabel={withdraw.isPending ? 'Withdrawing...' : 'Withdraw team'}
        destructive
        pending={withdraw.isPending}
        onConfirm={() => void confirm()}
      >
        <p>
          <strong>{signup.teamName}</strong> will leave the {rallySettings.year} rally and the public team list. Only the organisers can
          undo this.
        </p>
        <div className="mt-3">
          <Label htmlFor="withdraw-reason">Reason (optional)</Label>
          <Textarea id="withdraw-reason" rows={2} maxLength={500} aria-invalid={!!errors.reason} {...register('reason')} />
          <FieldError message={errors.reason?.message} />
        </div>
      </ConfirmDialog>
    </section>
  );
}
