import { penceToPounds } from '@common/money';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { donorNameShown, participantPaymentMethods, paymentMethodLabels } from '@common/schemas/donation';
import { donationFormErrorTitle, firstFormMessage, participantDonationFormSchema } from '@common/schemas/donation-form';
import type { MyDonation } from '@common/schemas/my-donation';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useDonationMutations } from './api';

type Values = z.input<typeof participantDonationFormSchema>;
type Output = z.output<typeof participantDonationFormSchema>;
/** Spec section 4: cancel or success resets to justgiving, not anonymous. */
const empty: Values = {
  amount: '',
  donorName: '',
  donorEmail: '',
  isAnonymous: false,
  hideAmount: false,
  paymentMethod: 'justgiving',
  message: '',
};
const fieldOrder = ['amount', 'paymentMethod', 'donorName', 'donorEmail', 'message'] as const;

export function valuesOf(d: MyDonation): Values {
  return {
    amount: penceToPounds(d.amount),
    donorName: donorNameShown(d) ?? '',
    donorEmail: d.donorEmail ?? '',
    isAnonymous: d.isAnonymous,
    hideAmount: d.hideAmount,
    paymentMethod: (participantPaymentMethods as readonly string[]).includes(d.paymentMethod)
      ? (d.paymentMethod as Values['paymentMethod'])
      : 'other',
    message: d.message ?? '',
  };
}

/** Records a donation, or edits the chosen one; the parent picks which by `editing`. */
export function DonationForm({ editing, onDone }: { editing: MyDonation | null; onDone: () => void }) {
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(participantDonationFormSchema),
    defaultValues: editing ? valuesOf(editing) : empty,
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID());
  const { create, update } = useDonationMutations();
  const id = useId();
  const anonymous = watch('isAnonymous');
  const pending = create.isPending || update.isPending;
  const amountRef = useRef<HTMLInputElement | null>(null);
  const amountField = register('amount');

  // Choosing Edit moves the person to the filled form, wherever the list left them.
  useEffect(() => {
    if (!editing) return;
    amountRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    amountRef.current?.focus({ preventScroll: true });
  }, [editing]);

  function finish() {
    form.reset(empty);
    setKey(crypto.randomUUID());
    onDone();
  }

  const invalid = (errs: FieldErrors<Values>) => {
    const message = firstFormMessage(errs, fieldOrder);
    if (message) toast({ title: donationFormErrorTitle(message), description: message, variant: 'destructive' });
  };

  const submit = form.handleSubmit((v) => {
    const body = {
      amount: v.amount,
      donorName: v.isAnonymous ? 'Anonymous' : v.donorName?.trim() || 'Anonymous',
      donorEmail: v.isAnonymous ? '' : (v.donorEmail ?? ''),
      isAnonymous: v.isAnonymous,
      hideAmount: v.hideAmount,
      paymentMethod: v.paymentMethod,
      message: v.message,
    };
    if (editing) {
      update.mutate(
        { id: editing.id, ...body },
        {
          onSuccess: () => {
            toast({ title: 'Donation Updated', description: 'The donation has been updated.' });
            finish();
          },
          onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to update donation'), variant: 'destructive' }),
        },
      );
    } else {
      create.mutate(
        { ...body, idempotencyKey },
        {
          onSuccess: () => {
            toast({ title: 'Donation Recorded', description: 'Thank you for recording this donation.' });
            finish();
          },
          onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to record donation'), variant: 'destructive' }),
        },
      );
    }
  }, invalid);

  const described = (name: keyof Values) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
      aria-label={editing ? 'Edit donation' : 'Record a donation'}
    >
      <h3 className="text-base font-semibold text-navy-900 sm:col-span-2">{editing ? 'Edit Donation' : 'Record a Donation'}</h3>
      <div>
        <Label htmlFor={`${id}-amount`}>Amount (£)</Label>
        <Input
          {...amountField}
          ref={(el) => {
            amountField.ref(el);
            amountRef.current = el;
          }}
          id={`${id}-amount`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          {...described('amount')}
        />
        <FieldError id={`${id}-amount-error`} message={errors.amount?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-method`}>Payment method</Label>
        <select
          id={`${id}-method`}
          {...register('paymentMethod')}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-200"
        >
          {participantPaymentMethods.map((m) => (
            <option key={m} value={m}>
              {paymentMethodLabels[m]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${id}-name`}>Donor name</Label>
        <Input id={`${id}-name`} {...register('donorName')} disabled={anonymous} placeholder="Anonymous" {...described('donorName')} />
        <FieldError id={`${id}-donorName-error`} message={errors.donorName?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-email`}>Donor email (optional)</Label>
        <Input id={`${id}-email`} type="email" {...register('donorEmail')} disabled={anonymous} {...described('donorEmail')} />
        <FieldError id={`${id}-donorEmail-error`} message={errors.donorEmail?.message} />
      </div>
      <label className="flex items-center gap-3 text-sm font-medium text-slate-800 sm:col-span-2">
        <input type="checkbox" className="h-5 w-5 accent-navy-800" {...register('isAnonymous')} />
        Anonymous donation
      </label>
      <label className="flex items-center gap-3 text-sm font-medium text-slate-800 sm:col-span-2">
        <input type="checkbox" className="h-5 w-5 accent-navy-800" {...register('hideAmount')} />
        Hide the amount on the donate page (it still counts in the total)
      </label>
      <div className="sm:col-span-2">
        <Label htmlFor={`${id}-message`}>Message (optional)</Label>
        <Textarea id={`${id}-message`} {...register('message')} {...described('message')} />
        <FieldError id={`${id}-message-error`} message={errors.message?.message} />
      </div>
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        {editing && (
          <Button
            variant="ghost"
            onClick={() => {
              form.reset(empty);
              onDone();
            }}
          >
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : editing ? 'Update Donation' : 'Record Donation'}
        </Button>
      </div>
    </form>
  );
}
