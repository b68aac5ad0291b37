import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Trash2 } from 'lucide-react';
import {
  consentLabels,
  consentStates,
  contactFormSchema,
  sourceLabels,
  type Consent,
  type ContactFormValues,
  type ContactView,
} from '@common/schemas/contacts';
import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/card';
import { FieldError, Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useDeleteContact, useUpdateContact } from './api';

const tone: Record<Consent, string> = {
  opted_in: 'bg-emerald-100 text-emerald-800',
  opted_out: 'bg-rose-100 text-rose-800',
  not_asked: 'bg-slate-100 text-slate-700',
};
const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '';

/** One contact: read, or edited inline (name, address, consent); deleted after a confirmation. */
export function ContactRow({ contact: c }: { contact: ContactView }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateContact();
  const remove = useDeleteContact();
  const fail = (e: unknown) => toast({ title: 'Error', description: errorMessage(e, 'Please try again.'), variant: 'destructive' });
  const name = `${c.firstName} ${c.lastName}`.trim() || c.email;

  if (editing) {
    return (
      <li className="rounded-xl border border-navy-200 bg-white p-3">
        <ContactEditForm
          contact={c}
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSave={(values) => update.mutate({ id: c.id, ...values }, { onSuccess: () => setEditing(false), onError: fail })}
        />
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-navy-900">{name}</p>
        <p className="break-all text-sm text-slate-600">{c.email}</p>
        <p className="mt-1 flex flex-wrap gap-1 text-xs text-slate-600">
          {c.sources.map((s) => (
            <Badge key={s}>{sourceLabels[s]}</Badge>
          ))}
          {c.years.length > 0 && <span>{c.years.join(', ')}</span>}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <div className="text-right text-xs text-slate-500">
          <Badge className={tone[c.consent]}>{consentLabels[c.consent]}</Badge>
          {c.bouncedAt && <Badge className="ml-1 bg-amber-100 text-amber-800">Bounced</Badge>}
          {c.consentAt && (
            <p className="mt-1">
              {day(c.consentAt)} · {c.consentSource}
            </p>
          )}
          {c.consent === 'not_asked' && c.consentRequestedAt && <p className="mt-1">Asked {day(c.consentRequestedAt)}</p>}
        </div>
        <Button size="sm" variant="outline" aria-label={`Edit ${name}`} onClick={() => setEditing(true)}>
          <Pencil className="h-4 w-4" aria-hidden />
        </Button>
        <Button size="sm" variant="outline" aria-label={`Delete ${name}`} onClick={() => setDeleting(true)}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${name}?`}
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(c.id, {
            onSuccess: (r) => {
              setDeleting(false);
              toast({ title: 'Contact deleted', description: r.message });
            },
            onError: fail,
          })
        }
      >
        <p>The person is erased from the list. Their address is kept only as an opt-out, so it is never mailed again.</p>
      </ConfirmDialog>
    </li>
  );
}

/** The inline edit of one contact, checked with the same schema as the add form. */
function ContactEditForm({
  contact: c,
  pending,
  onSave,
  onCancel,
}: {
  contact: ContactView;
  pending: boolean;
  onSave: (v: ContactFormValues) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { firstName: c.firstName, lastName: c.lastName, email: c.email, consent: c.consent },
  });
  const message = errors.firstName?.message ?? errors.lastName?.message ?? errors.email?.message;
  return (
    <form className="grid gap-2 sm:grid-cols-[1fr_1fr_2fr_auto_auto]" onSubmit={handleSubmit(onSave)}>
      <Input aria-label="First name" aria-invalid={!!errors.firstName} {...register('firstName')} />
      <Input aria-label="Last name" aria-invalid={!!errors.lastName} {...register('lastName')} />
      <Input aria-label="Email" type="email" aria-invalid={!!errors.email} {...register('email')} />
      <select aria-label="Consent" {...register('consent')} className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm">
        {consentStates.map((s) => (
          <option key={s} value={s}>
            {consentLabels[s]}
          </option>
        ))}
      </select>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <div className="sm:col-span-5">
        <FieldError message={message} />
      </div>
    </form>
  );
}
