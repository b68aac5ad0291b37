import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { formatPence, poundsBox } from '@common/money';
import {
  depositMethodLabels,
  manualDepositFormSchema,
  manualDepositMethods,
  poundsTextToPence,
  type ManualDepositFormValues,
} from '@common/schemas/deposits';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useRecordDeposit } from './api';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Jersey' }).format(new Date());
/** An organiser records a deposit paid by bank transfer, cheque, cash or otherwise. */
export function ManualDepositForm({ signupId, teamName, defaultPence }: { signupId: number; teamName: string; defaultPence: number }) {
  const record = useRecordDeposit(signupId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ManualDepositFormValues, unknown, z.output<typeof manualDepositFormSchema>>({
    resolver: zodResolver(manualDepositFormSchema),
    defaultValues: { amount: poundsBox(defaultPence), method: 'bank_transfer', paidOn: today() },
  });
  const id = `deposit-${signupId}`;
  const submit = handleSubmit((v) =>
    record.mutate(
      { amountPence: poundsTextToPence(v.amount), method: v.method, paidOn: v.paidOn },
      {
        onSuccess: (d) => toast({ title: 'Deposit recorded', description: `${teamName}: ${formatPence(d.amountPence)}` }),
        onError: (e) => toast({ title: 'Deposit not recorded', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
      },
    ),
  );
  return (
    <form
      onSubmit={submit}
      className="mt-3 grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      aria-label={`Mark deposit paid for ${teamName}`}
    >
      <div>
        <Label htmlFor={`${id}-amount`}>Deposit (£)</Label>
        <Input id={`${id}-amount`} inputMode="decimal" aria-invalid={!!errors.amount} {...register('amount')} />
      </div>
      <div>
        <Label htmlFor={`${id}-method`}>Paid by</Label>
        <select
          id={`${id}-method`}
          {...register('method')}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          {manualDepositMethods.map((m) => (
            <option key={m} value={m}>
              {depositMethodLabels[m]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${id}-date`}>Date paid</Label>
        <Input id={`${id}-date`} type="date" aria-invalid={!!errors.paidOn} {...register('paidOn')} />
      </div>
      <Button type="submit" size="sm" disabled={record.isPending}>
        {record.isPending ? 'Saving...' : 'Mark deposit paid'}
      </Button>
      <FieldError message={errors.amount?.message ?? errors.paidOn?.message} />
    </form>
  );
}
