import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { consentLabels, consentStates, contactFormSchema, type ContactFormValues } from '@common/schemas/contacts';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useAddContact } from './api';

const empty: ContactFormValues = { firstName: '', lastName: '', email: '', consent: 'not_asked' };

/** A person added by hand (met at an event, asked by phone), with the consent they gave. */
export function AddContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactFormValues>({ resolver: zodResolver(contactFormSchema), defaultValues: empty });
  const add = useAddContact();
  const submit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        reset(empty);
        toast({ title: 'Contact added' });
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  const invalid = (field: keyof ContactFormValues) => ({
    'aria-invalid': !!errors[field],
    'aria-describedby': errors[field] ? `add-${field}-error` : undefined,
  });
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_auto_auto] lg:items-start"
    >
      <div>
        <Label htmlFor="add-first">First name</Label>
        <Input id="add-first" required {...invalid('firstName')} {...register('firstName')} />
        <FieldError id="add-firstName-error" message={errors.firstName?.message} />
      </div>
      <div>
        <Label htmlFor="add-last">Last name</Label>
        <Input id="add-last" {...invalid('lastName')} {...register('lastName')} />
        <FieldError id="add-lastName-error" message={errors.lastName?.message} />
      </div>
      <div>
        <Label htmlFor="add-email">Email</Label>
        <Input id="add-email" type="email" required {...invalid('email')} {...register('email')} />
        <FieldError id="add-email-error" message={errors.email?.message} />
      </div>
      <div>
        <Label htmlFor="add-consent">Consent</Label>
        <select id="add-consent" {...register('consent')} className="h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm">
          {consentStates.map((s) => (
            <option key={s} value={s}>
              {consentLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="lg:mt-6" disabled={add.isPending}>
        <UserPlus className="h-4 w-4" aria-hidden /> {add.isPending ? 'Adding...' : 'Add contact'}
      </Button>
    </form>
  );
}
