import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { participantPaymentMethods } from '@common/schemas/donation';
import { parsePoundsInput } from '@common/money';
import type { MyDonation } from '@common/schemas/my-donation';
import { Button } from '../../components/ui/button';
import { Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useDonationMutations } from './api';

export const paymentMethodLabels: Record<string, string> = {
  justgiving: 'JustGiving', cash: 'Cash', cheque: 'Cheque', bank_transfer: 'Bank transfer', other: 'Other', gocardless: 'Direct debit',
};

type Values = { amount: string; donorName: string; donorEmail: string; isAnonymous: boolean; paymentMethod: string; message: string };
/** Spec section 4: cancel or success resets to justgiving, not anonymous. */
const empty: Values = { amount: '', donorName: '', donorEmail: '', isAnonymous: false, paymentMethod: 'justgiving', message: '' };

export function valuesOf(d: MyDonation): Values {
  return {
    amount: (d.amount / 100).toFixed(2), donorName: d.isAnonymous ? '' : d.donorName ?? '', donorEmail: d.donorEmail ?? '',
    isAnonymous: d.isAnonymous, paymentMethod: d.paymentMethod, message: d.message ?? '',
  };
}

/** Records a donation, or edits the chosen one; the parent picks which by `editing`. */
export function DonationForm({ editing, onDone }: { editing: MyDonation | null; onDone: () => void }) {
  const [values, setValues] = useState<Values>(editing ? valuesOf(editing) : empty);
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID());
  const { create, update } = useDonationMutations();
  const id = useId();
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues((prev) => ({ ...prev, [k]: v }));
  const pending = create.isPending || update.isPending;
  const amountRef = useRef<HTMLInputElement>(null);

  // Choosing Edit moves the person to the filled form, wherever the list left them.
  useEffect(() => {
    if (!editing) return;
    amountRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    amountRef.current?.focus({ preventScroll: true });
  }, [editing]);

  function finish() {
    setValues(empty);
    setKey(crypto.randomUUID());
    onDone();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!values.amount.trim()) return toast({ title: 'Invalid Amount', description: 'Please enter a donation amount', variant: 'destructive' });
    const amount = parsePoundsInput(values.amount);
    if (amount === null) return toast({ title: 'Invalid Amount', description: 'Please enter a valid amount greater than 0', variant: 'destructive' });
    const body = {
      amount,
      donorName: values.isAnonymous ? 'Anonymous' : values.donorName.trim() || 'Anonymous',
      donorEmail: values.isAnonymous ? '' : values.donorEmail.trim(),
      isAnonymous: values.isAnonymous,
      paymentMethod: values.paymentMethod as (typeof participantPaymentMethods)[number],
      message: values.message.trim() || null,
    };
    if (editing) {
      update.mutate({ id: editing.id, ...body }, {
        onSuccess: () => { toast({ title: 'Donation Updated', description: 'The donation has been updated.' }); finish(); },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to update donation'), variant: 'destructive' }),
      });
    } else {
      create.mutate({ ...body, idempotencyKey }, {
        onSuccess: () => { toast({ title: 'Donation Recorded', description: 'Thank you for recording this donation.' }); finish(); },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to record donation'), variant: 'destructive' }),
      });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2" aria-label={editing ? 'Edit donation' : 'Record a donation'}>
      <h3 className="text-base font-semibold text-navy-900 sm:col-span-2">{editing ? 'Edit Donation' : 'Record a Donation'}</h3>
      <div>
        <Label htmlFor={`${id}-amount`}>Amount (£)</Label>
        <Input ref={amountRef} id={`${id}-amount`} type="number" inputMode="decimal" step="0.01" min="0.01" value={values.amount} onChange={(e) => set('amount', e.target.value)} />
      </div>
      <div>
        <Label htmlFor={`${id}-method`}>Payment method</Label>
        <select id={`${id}-method`} value={values.paymentMethod} onChange={(e) => set('paymentMethod', e.target.value)}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-200">
          {participantPaymentMethods.map((m) => <option key={m} value={m}>{paymentMethodLabels[m]}</option>)}
        </select>
      </div>
      <div>
        <Label htmlFor={`${id}-name`}>Donor name</Label>
        <Input id={`${id}-name`} value={values.isAnonymous ? '' : values.donorName} disabled={values.isAnonymous} placeholder="Anonymous" onChange={(e) => set('donorName', e.target.value)} />
      </div>
      <div>
        <Label htmlFor={`${id}-email`}>Donor email (optional)</Label>
        <Input id={`${id}-email`} type="email" value={values.isAnonymous ? '' : values.donorEmail} disabled={values.isAnonymous} onChange={(e) => set('donorEmail', e.target.value)} />
      </div>
      <label className="flex items-center gap-3 text-sm font-medium text-slate-800 sm:col-span-2">
        <input type="checkbox" className="h-5 w-5 accent-navy-800" checked={values.isAnonymous} onChange={(e) => set('isAnonymous', e.target.checked)} />
        Anonymous donation
      </label>
      <div className="sm:col-span-2">
        <Label htmlFor={`${id}-message`}>Message (optional)</Label>
        <Textarea id={`${id}-message`} value={values.message} onChange={(e) => set('message', e.target.value)} />
      </div>
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        {editing && <Button variant="ghost" onClick={() => { setValues(empty); onDone(); }}>Cancel</Button>}
        <Button type="submit" disabled={pending}>{pending ? 'Saving...' : editing ? 'Update Donation' : 'Record Donation'}</Button>
      </div>
    </form>
  );
}
