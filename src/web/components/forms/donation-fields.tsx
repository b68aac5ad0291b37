import type { UseFormRegisterReturn } from 'react-hook-form';
import { paymentMethodLabels, type PaymentMethod } from '@common/schemas/donation';
import { cn } from '../../lib/cn';
import { FieldError, Input, Label, Textarea } from '../ui/input';

type Name = 'amount' | 'paymentMethod' | 'donorName' | 'donorEmail' | 'isAnonymous' | 'hideAmount' | 'message';

const select =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-200';
const checkbox = 'flex items-center gap-3 text-sm font-medium text-slate-800';

/**
 * Amount, payment method, donor, anonymity, hidden amount and message: what a participant's
 * donation form, an organiser's manual entry and a ledger correction share. The rules live in
 * `donation-form` schemas; `idPrefix` keeps each form's field ids its own ("<prefix>-amount").
 */
export function DonationFields({
  idPrefix,
  register,
  errors,
  methods,
  anonymous,
  columns = 2,
  emailLabel = 'Donor email',
  hideAmountLabel = 'Hide the amount on the donate page (it still counts in the total)',
  amountPlaceholder,
  amountRef,
}: {
  idPrefix: string;
  register: (name: Name) => UseFormRegisterReturn;
  errors: Partial<Record<Name, { message?: string }>>;
  /** The payment methods this form may record. */
  methods: readonly PaymentMethod[];
  /** An anonymous donation has no donor to name: those fields are disabled. */
  anonymous: boolean;
  /** The grid the fields sit in: in two columns the checkboxes and message span both. */
  columns?: 1 | 2;
  emailLabel?: string;
  hideAmountLabel?: string;
  amountPlaceholder?: string;
  /** The amount input, for a form that moves focus to it. */
  amountRef?: (el: HTMLInputElement | null) => void;
}) {
  const wide = columns === 2 ? 'sm:col-span-2' : undefined;
  const described = (name: Name) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${idPrefix}-${name}-error` } : {});
  const error = (name: Name) => <FieldError id={`${idPrefix}-${name}-error`} message={errors[name]?.message} />;
  const amountField = register('amount');
  return (
    <>
      <div>
        <Label htmlFor={`${idPrefix}-amount`}>Amount (£)</Label>
        <Input
          {...amountField}
          ref={(el) => {
            amountField.ref(el);
            amountRef?.(el);
          }}
          id={`${idPrefix}-amount`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          placeholder={amountPlaceholder}
          {...described('amount')}
        />
        {error('amount')}
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-method`}>Payment method</Label>
        <select id={`${idPrefix}-method`} className={select} {...register('paymentMethod')}>
          {methods.map((m) => (
            <option key={m} value={m}>
              {paymentMethodLabels[m]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-name`}>Donor name</Label>
        <Input
          id={`${idPrefix}-name`}
          {...register('donorName')}
          disabled={anonymous}
          placeholder="Anonymous"
          {...described('donorName')}
        />
        {error('donorName')}
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-email`}>{emailLabel}</Label>
        <Input id={`${idPrefix}-email`} type="email" {...register('donorEmail')} disabled={anonymous} {...described('donorEmail')} />
        {error('donorEmail')}
      </div>
      <label className={cn(checkbox, wide)}>
        <input type="checkbox" className="h-5 w-5 accent-navy-800" {...register('isAnonymous')} />
        Anonymous donation
      </label>
      <label className={cn(checkbox, wide)}>
        <input type="checkbox" className="h-5 w-5 accent-navy-800" {...register('hideAmount')} />
        {hideAmountLabel}
      </label>
      <div className={wide}>
        <Label htmlFor={`${idPrefix}-message`}>Message (optional)</Label>
        <Textarea id={`${idPrefix}-message`} rows={2} {...register('message')} {...described('message')} />
        {error('message')}
      </div>
    </>
  );
}
