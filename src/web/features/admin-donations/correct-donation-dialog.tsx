import { penceToPounds } from '@common/money';
import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { donorNameShown, paymentMethods } from '@common/schemas/donation';
import { donationFormErrorTitle, firstFormMessage, ledgerDonationFormSchema } from '@common/schemas/donation-form';
import type { LedgerDonation } from '@common/schemas/ledger';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { DonationFields } from '../../components/forms/donation-fields';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useLedgerMutations } from './api';

type Values = z.input<typeof ledgerDonationFormSchema>;
type Output = z.output<typeof ledgerDonationFormSchema>;
const fieldOrder = ['amount', 'paymentMethod', 'donorName', 'donorEmail', 'message'] as const;
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

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Correct donation"
      description={`${donation.teamName}, recorded ${new Date(donation.createdAt).toLocaleDateString('en-GB')}`}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <DonationFields
          idPrefix={id}
          register={register}
          errors={errors}
          methods={paymentMethods}
          anonymous={anonymous}
          columns={1}
          hideAmountLabel="Hide the amount on the donate page"
        />
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
