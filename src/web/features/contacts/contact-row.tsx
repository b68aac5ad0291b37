import { useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { consentLabels, consentStates, sourceLabels, type Consent, type ContactView } from '@common/schemas/contacts';
import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useDeleteContact, useUpdateContact } from './api';

const tone: Record<Consent, string> = { opted_in: 'bg-emerald-100 text-emerald-800', opted_out: 'bg-rose-100 text-rose-800', not_asked: 'bg-slate-100 text-slate-700' };
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '');

/** One contact: read, or edited inline (name, address, consent); deleted after a confirmation. */
export function ContactRow({ contact: c }: { contact: ContactView }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ firstName: c.firstName, lastName: c.lastName, email: c.email, consent: c.consent });
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateContact();
  const remove = useDeleteContact();
  const fail = (e: unknown) => toast({ title: 'Error', description: errorMessage(e, 'Please try again.'), variant: 'destructive' });
  const name = `${c.firstName} ${c.lastName}`.trim() || c.email;

  if (editing) {
    return (
      <li className="rounded-xl border border-navy-200 bg-white p-3">
        <form className="grid gap-2 sm:grid-cols-[1fr_1fr_2fr_auto_auto]" onSubmit={(e) => {
          e.preventDefault();
          update.mutate({ id: c.id, ...draft }, { onSuccess: () => setEditing(false), onError: fail });
        }}>
          <Input aria-label="First name" value={draft.firstName} onChange={(e) => setDraft({ ...draft, firstName: e.target.value })} />
          <Input aria-label="Last name" value={draft.lastName} onChange={(e) => setDraft({ ...draft, lastName: e.target.value })} />
          <Input aria-label="Email" type="email" value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.target.value })} />
          <select aria-label="Consent" value={draft.consent} onChange={(e) => setDraft({ ...draft, consent: e.target.value as Consent })} className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm">
            {consentStates.map((s) => <option key={s} value={s}>{consentLabels[s]}</option>)}
          </select>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>{update.isPending ? 'Saving...' : 'Save'}</Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>Cancel</Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-navy-900">{name}</p>
        <p className="break-all text-sm text-slate-600">{c.email}</p>
        <p className="mt-1 flex flex-wrap gap-1 text-xs text-slate-600">
          {c.sources.map((s) => <Badge key={s}>{sourceLabels[s]}</Badge>)}
          {c.years.length > 0 && <span>{c.years.join(', ')}</span>}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <div className="text-right text-xs text-slate-500">
          <Badge className={tone[c.consent]}>{consentLabels[c.consent]}</Badge>
          {c.bouncedAt && <Badge className="ml-1 bg-amber-100 text-amber-800">Bounced</Badge>}
          {c.consentAt && <p className="mt-1">{day(c.consentAt)} · {c.consentSource}</p>}
        </div>
        <Button size="sm" variant="outline" aria-label={`Edit ${name}`} onClick={() => { setDraft({ firstName: c.firstName, lastName: c.lastName, email: c.email, consent: c.consent }); setEditing(true); }}>
          <Pencil className="h-4 w-4" aria-hidden />
        </Button>
        <Button size="sm" variant="outline" aria-label={`Delete ${name}`} onClick={() => setDeleting(true)}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <ConfirmDialog open={deleting} onOpenChange={setDeleting} title={`Delete ${name}?`} confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'} pending={remove.isPending}
        onConfirm={() => remove.mutate(c.id, { onSuccess: (r) => { setDeleting(false); toast({ title: 'Contact deleted', description: r.message }); }, onError: fail })}>
        <p>The person is erased from the list. Their address is kept only as an opt-out, so it is never mailed again.</p>
      </ConfirmDialog>
    </li>
  );
}
