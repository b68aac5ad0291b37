import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { emailUpdateSchema, type EmailUpdateInput } from '@common/schemas/email-update';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { subscribeToUpdates } from './api';
import { toast } from '../../lib/toast';

/**
 * The Get Updates form, checked with the server's own emailUpdateSchema. It is a chunk of its own,
 * loaded when the dialog opens, so the form library stays off the home page's first load. The
 * browser's required and e-mail checks (spec section 5) run first; the schema then catches what
 * they let through, such as a name of spaces.
 */
export default function GetUpdatesForm({ idPrefix, onSubscribed }: { idPrefix: string; onSubscribed: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailUpdateInput>({
    resolver: zodResolver(emailUpdateSchema),
    defaultValues: { name: '', email: '' },
  });
  const subscribe = useMutation({
    mutationFn: subscribeToUpdates,
    onSuccess: () => {
      toast({ title: 'Success!', description: "You've been subscribed to rally updates." });
      onSubscribed();
    },
    onError: () => toast({ title: 'Error', description: 'Failed to subscribe. Please try again.', variant: 'destructive' }),
  });
  const nameId = `${idPrefix}-name`;
  const emailId = `${idPrefix}-email`;
  return (
    <form className="space-y-4" onSubmit={handleSubmit((values) => subscribe.mutate(values))}>
      <div>
        <Label htmlFor={nameId}>Name</Label>
        <Input
          id={nameId}
          placeholder="Your full name"
          autoComplete="name"
          required
          maxLength={120}
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          {...register('name')}
        />
        <FieldError id={`${nameId}-error`} message={errors.name?.message} />
      </div>
      <div>
        <Label htmlFor={emailId}>Email</Label>
        <Input
          id={emailId}
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? `${emailId}-error` : undefined}
          {...register('email')}
        />
        <FieldError id={`${emailId}-error`} message={errors.email?.message} />
      </div>
      <Button type="submit" className="w-full" disabled={subscribe.isPending}>
        {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
      </Button>
    </form>
  );
}
