import { useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { consentLabels, consentStates, type Consent } from '@common/schemas/contacts';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useAddContact } from './api';

/** A person added by hand (met at an event, asked by phone), with the consent they gave. */
export function AddContactForm() {
  const empty = { firstName: '', lastName: '', email: '', consent: 'not_asked' as Consent };
  const [form, setForm] = useState(empty);
  const add = useAddContact();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(form, {
      onSuccess: () => { setForm(empty); toast({ title: 'Contact added' }); },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_auto_auto] lg:items-end">
      <div><Label htmlFor="add-first">First name</Label><Input id="add-first" value={form.firstName} onChange={(e) => setForm({ ...form, firstName: e.target.value })} required /></div>
      <div><Label htmlFor="add-last">Last name</Label><Input id="add-last" value={form.lastName} onChange={(e) => setForm({ ...form, lastName: e.target.value })} /></div>
      <div><Label htmlFor="add-email">Email</Label><Input id="add-email" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} required /></div>
      <div>
        <Label htmlFor="add-consent">Consent</Label>
        <select id="add-consent" value={form.consent} onChange={(e) => setForm({ ...form, consent: e.target.value as Consent })} className="h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm">
          {consentStates.map((s) => <option key={s} value={s}>{consentLabels[s]}</option>)}
        </select>
      </div>
      <Button type="submit" disabled={add.isPending}><UserPlus className="h-4 w-4" aria-hidden /> {add.isPending ? 'Adding...' : 'Add contact'}</Button>
    </form>
  );
}
