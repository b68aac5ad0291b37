import { useRef } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { HandCoins } from 'lucide-react';
import type { AdminTeam } from '@common/schemas/registrations';
import { adminPaymentMethods } from '@common/schemas/donation';
import { adminDonationFormSchema, donationFormErrorTitle, firstFormMessage } from '@common/schemas/donation-form';
import { formatPence } from '@common/money';
import { Button } from '../../components/ui/button';
import { FieldError, Label } from '../../components/ui/input';
import { DonationFields } from '../../components/forms/donation-fields';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { AdminSection } from '../../components/layout/admin-section';
import { useAddDonation } from './api';

type Values = z.input<typeof adminDonationFormSchema>;
type Output = z.output<typeof adminDonationFormSchema>;
const empty: Values = {
  signupId: '',
  amount: '',
  donorName: '',
  donorEmail: '',
  isAnonymous: false,
  hideAmount: false,
  paymentMethod: 'cash',
  message: '',
};
const fieldOrder = ['signupId', 'amount', 'paymentMethod', 'donorName', 'donorEmail', 'message'] as const;
const select =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-200';

/** An organiser records a donation received offline (cash, cheque, bank transfer) for any team. */
export function ManualDonationSection({ signups }: { signups: AdminTeam[] }) {
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(adminDonationFormSchema), defaultValues: empty });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const anonymous = watch('isAnonymous');
  // One key per filled-in form: a double click or a retry records the donation once.
  const key = useRef(crypto.randomUUID());
  const add = useAddDonation();

  const invalid = (errs: FieldErrors<Values>) => {
    const message = firstFormMessage(errs, fieldOrder);
    if (message) toast({ title: donationFormErrorTitle(message), description: message, variant: 'destructive' });
  };

  const submit = form.handleSubmit((v) => {
    if (add.isPending) return;
    const team = signups.find((s) => s.id === v.signupId);
    add.mutate(
      {
        signupId: v.signupId,
        amount: v.amount,
        donorName: v.isAnonymous ? '' : (v.donorName ?? ''),
        donorEmail: v.isAnonymous ? '' : (v.donorEmail ?? ''),
        isAnonymous: v.isAnonymous,
        hideAmount: v.hideAmount,
        paymentMethod: v.paymentMethod,
        message: v.message,
        idempotencyKey: key.current,
      },
      {
        onSuccess: () => {
          toast({ title: 'Donation Added', description: `${formatPence(v.amount)} recorded for ${team?.teamName ?? 'the team'}.` });
          key.current = crypto.randomUUID();
          form.reset(empty);
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to add donation'), variant: 'destructive' }),
      },
    );
  }, invalid);

  const described = (name: keyof Values) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `donation-${name}-error` } : {});

  return (
    <AdminSection
      id="manual-donation"
      title="Manual Donation Entry"
      icon={HandCoins}
      description="Record a donation received by cash, cheque or bank transfer. It counts on the leaderboard at once."
    >
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Label htmlFor="donation-team">Team</Label>
          <select id="donation-team" className={select} {...register('signupId')} {...described('signupId')}>
            <option value="">Select a team</option>
            {[...signups]
              .sort((a, b) => a.teamName.localeCompare(b.teamName))
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.teamName} ({s.driverFirstName} {s.driverLastName})
                </option>
              ))}
          </select>
          <FieldError id="donation-signupId-error" message={errors.signupId?.message} />
        </div>
        <DonationFields
          idPrefix="donation"
          register={register}
          errors={{ ...errors, amount: errors.signupId ? undefined : errors.amount }}
          methods={adminPaymentMethods}
          anonymous={anonymous}
          amountPlaceholder="0.00"
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Donation'}
          </Button>
        </div>
      </form>
    </AdminSection>
  );
}
