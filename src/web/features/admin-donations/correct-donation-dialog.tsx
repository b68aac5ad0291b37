import { penceToPounds } from '@common/money';
import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { donorNameShown, paymentMethodLabels, paymentMethods } from '@common/schemas/donation';
import { donationFormErrorTitle, firstFormMessage, ledgerDonationFormSchema } from '@common/schemas/donation-form';
import type { LedgerDonation } from '@common/schemas/ledger';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useLedgerMutations } from './api';

type Values = z.input<typeof ledgerDonationFormSchema>;
type Output = z.output<typeof ledgerDonationFormSchema>;
const fieldOrder = ['amount', 'paymentMethod', 'donorName', 'donorEmail', 'message'] as const;
const select =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-200';

function valuesOf(d: LedgerDonation): Values {
  return {
    amount: penceToPounds(d.amount),
    donorName: donorNameShown(d) ?? '',
    donorEmail: d.donorEmail ?? '',
    isAnonymous: d.isAnonymous,
    hideAmount: d.hideAmount,
    paymentMethod: d.paymentMethod as Values['paymentMethod'],
    message: d.message ?? '',
  };
}

/** An organiser's correction of one donation (a mistyped amount, a donor's name). */
export function CorrectDonationDialog({ donation, onClose }: { donation: LedgerDonation; onClose: () => void }) {
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(ledgerDonationFormSchema), defaultValues: valuesOf(donation) });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const { correct } = useLedgerMutations();
  const id = useId();
  const anonymous = watch('isAnonymous');

  const invalid = (errs: FieldErrors<Values>) => {
    const message = firstFormMessage(errs, fieldOrder);
    if (message) toast({ title: donationFormErrorTitle(message), description: message, variant: 'destructive' });
  };
  const submit = form.handleSubmit(
    (v) =>
      correct.mutate(
        {
          id: donation.id,
          amount: v.amount,
          paymentMethod: v.paymentMethod,
          isAnonymous: v.isAnonymous,
          hideAmount: v.hideAmount,
          donorName: v.isAnonymous ? 'Anonymous' : v.donorName?.trim() || 'Anonymous',
          donorEmail: v.isAnonymous ? '' : (v.donorEmail ?? ''),
          message: v.message,
        },
        {
          onSuccess: () => {
            toast({ title: 'Donation Updated', description: `${donation.teamName}: the donation has been corrected.` });
            onClose();
          },
          onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to update donation'), variant: 'destructive' }),
        },
      ),
    invalid,
  );
  const described = (name: keyof Values) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Correct donation"
      description={`${donation.teamName}, recorded ${new Date(donation.createdAt).toLocaleDateString('en-GB')}`}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div>
          <Label htmlFor={`${id}-amount`}>Amount (£)</Label>
          <Input
            id={`${id}-amount`}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            {...register('amount')}
            {...described('amount')}
          />
          <FieldError id={`${id}-amount-error`} message={errors.amount?.message} />
        </div>
        <div>
          <Label htmlFor={`${id}-method`}>Payment method</Label>
          <select id={`${id}-method`} className={select} {...register('paymentMethod')}>
            {paymentMethods.map((m) => (
              <option key={m} value={m}>
                {paymentMethodLabels[m]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor={`${id}-name`}>Donor name</Label>
          <Input id={`${id}-name`} {...register('donorName')} disabled={anonymous} placeholder="Anonymous" />
        </div>
        <div>
          <Label htmlFor={`${id}-email`}>Donor email</Label>
          <Input id={`${id}-email`} type="email" {...register('donorEmail')} disabled={anonymous} {...described('donorEmail')} />
          <FieldError id={`${id}-donorEmail-error`} message={errors.donorEmail?.message} />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" className="h-4 w-4 accent-navy-800" {...register('isAnonymous')} />
          Anonymous donation
        </label>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" className="h-4 w-4 accent-navy-800" {...register('hideAmount')} />
          Hide the amount on the donate page
        </label>
        <div>
          <Label htmlFor={`${id}-message`}>Message (optional)</Label>
          <Textarea id={`${id}-message`} rows={2} {...register('message')} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="secondary" disabled={correct.isPending}>
            {correct.isPending ? 'Saving...' : 'Save Correction'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
