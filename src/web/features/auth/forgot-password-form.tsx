import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@common/schemas/auth';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { useForgotPassword } from './api';
import { ReadyFields } from '../../components/ui/ready-fields';

/** The e-mail form; `onSent` switches the page to its 'sent' view. */
export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm<{ email: string }>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const forgot = useForgotPassword();
  const error = form.formState.errors.email?.message;

  const submit = (values: { email: string }) =>
    forgot.mutate(values, {
      onSuccess: () => {
        // The same words whether or not the account exists (spec section 8).
        toast({ title: 'Email sent', description: 'If an account exists for that address, a reset link is on its way.' });
        onSent(values.email);
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'An error occurred while processing your request. Please try again.',
          variant: 'destructive',
        }),
    });

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <ReadyFields className="space-y-4">
        <div>
          <Label htmlFor="forgot-email">Email</Label>
          <Input
            id="forgot-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={!!error}
            aria-describedby={error ? 'forgot-email-error' : undefined}
            {...form.register('email')}
          />
          <FieldError id="forgot-email-error" message={error} />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </ReadyFields>
    </form>
  );
}
