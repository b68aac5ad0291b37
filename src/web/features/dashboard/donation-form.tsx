import { penceToPounds } from '@common/money';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { donorNameShown, participantPaymentMethods } from '@common/schemas/donation';
import { donationFormErrorTitle, firstFormMessage, participantDonationFormSchema } from '@common/schemas/donation-form';
import type { MyDonation } from '@common/schemas/my-donation';
import { Button } from '../../components/ui/button';
import { DonationFields } from '../../components/forms/donation-fields';
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

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
      aria-label={editing ? 'Edit donation' : 'Record a donation'}
    >
      <h3 className="text-base font-semibold text-navy-900 sm:col-span-2">{editing ? 'Edit Donation' : 'Record a Donation'}</h3>
      <DonationFields
        idPrefix={id}
        register={register}
        errors={errors}
        methods={participantPaymentMethods}
        anonymous={anonymous}
        emailLabel="Donor email (optional)"
        amountRef={(el) => {
          amountRef.current = el;
        }}
      />
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
