import { useRef, useState, type FormEvent } from 'react';
import { HandCoins } from 'lucide-react';
import type { AdminSignup } from '@common/admin-signup';
import { adminPaymentMethods } from '@common/schemas/donation';
import { formatPence, parsePoundsInput } from '@common/money';
import { Button } from '../../components/ui/button';
import { Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { AdminSection } from './admin-section';
import { useAddDonation } from './api';

export const paymentMethodLabels: Record<(typeof adminPaymentMethods)[number], string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

const empty = { signupId: '', amount: '', donorName: '', donorEmail: '', isAnonymous: false, paymentMethod: 'cash' as (typeof adminPaymentMethods)[number], message: '' };
const select = 'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-200';

/** An organiser records a donation received offline (cash, cheque, bank transfer) for any team. */
export function ManualDonationSection({ signups }: { signups: AdminSignup[] }) {
  const [form, setForm] = useState(empty);
  // One key per filled-in form: a double click or a retry records the donation once.
  const key = useRef(crypto.randomUUID());
  const add = useAddDonation();
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (add.isPending) return;
    if (!form.signupId || !form.amount.trim()) {
      return toast({ title: 'Missing Information', description: 'Please select a team and enter an amount', variant: 'destructive' });
    }
    const amount = parsePoundsInput(form.amount);
    if (amount == null) return toast({ title: 'Invalid Amount', description: 'Please enter a valid amount greater than 0', variant: 'destructive' });
    const team = signups.find((s) => String(s.id) === form.signupId);
    add.mutate(
      {
        signupId: Number(form.signupId),
        amount,
        donorName: form.donorName,
        donorEmail: form.isAnonymous ? '' : form.donorEmail.trim(),
        isAnonymous: form.isAnonymous,
        paymentMethod: form.paymentMethod,
        message: form.message,
        idempotencyKey: key.current,
      },
      {
        onSuccess: () => {
          toast({ title: 'Donation Added', description: `${formatPence(amount)} recorded for ${team?.teamName ?? 'the team'}.` });
          key.current = crypto.randomUUID();
          setForm(empty);
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to add donation'), variant: 'destructive' }),
      },
    );
  };

  return (
    <AdminSection id="manual-donation" title="Manual Donation Entry" icon={HandCoins} description="Record a donation received by cash, cheque or bank transfer. It counts on the leaderboard at once.">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Label htmlFor="donation-team">Team</Label>
          <select id="donation-team" className={select} value={form.signupId} onChange={(e) => set('signupId', e.target.value)}>
            <option value="">Select a team</option>
            {[...signups].sort((a, b) => a.teamName.localeCompare(b.teamName)).map((s) => (
              <option key={s.id} value={s.id}>{s.teamName} ({s.driverFirstName} {s.driverLastName})</option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="donation-amount">Amount (£)</Label>
          <Input id="donation-amount" type="number" inputMode="decimal" step="0.01" min="0.01" value={form.amount} onChange={(e) => set('amount', e.target.value)} placeholder="0.00" />
        </div>
        <div>
          <Label htmlFor="donation-method">Payment method</Label>
          <select id="donation-method" className={select} value={form.paymentMethod} onChange={(e) => set('paymentMethod', e.target.value as typeof form.paymentMethod)}>
            {adminPaymentMethods.map((m) => <option key={m} value={m}>{paymentMethodLabels[m]}</option>)}
          </select>
        </div>
        <div>
          <Label htmlFor="donation-name">Donor name</Label>
          <Input id="donation-name" value={form.donorName} disabled={form.isAnonymous} onChange={(e) => set('donorName', e.target.value)} placeholder="Anonymous" />
        </div>
        <div>
          <Label htmlFor="donation-email">Donor email</Label>
          <Input id="donation-email" type="email" value={form.isAnonymous ? '' : form.donorEmail} disabled={form.isAnonymous} onChange={(e) => set('donorEmail', e.target.value)} />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700 sm:col-span-2">
          <input type="checkbox" className="h-4 w-4 accent-navy-800" checked={form.isAnonymous} onChange={(e) => setForm((f) => ({ ...f, isAnonymous: e.target.checked, donorEmail: e.target.checked ? '' : f.donorEmail }))} />
          Anonymous donation
        </label>
        <div className="sm:col-span-2">
          <Label htmlFor="donation-message">Message (optional)</Label>
          <Textarea id="donation-message" value={form.message} onChange={(e) => set('message', e.target.value)} rows={2} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={add.isPending}>{add.isPending ? 'Adding...' : 'Add Donation'}</Button>
        </div>
      </form>
    </AdminSection>
  );
}
