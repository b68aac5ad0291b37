import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema } from '@common/schemas/auth';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useResetPassword } from './api';

type Values = { newPassword: string; confirmPassword: string };

/** New password twice; on failure the form stays with an error toast (spec section 4). */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm<Values>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });
  const reset = useResetPassword();
  const { errors } = form.formState;

  const submit = (values: Values) =>
    reset.mutate(
      { token, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password reset successful', description: 'You can now log in with your new password.' });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to reset password. The link may be expired.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <div>
        <Label htmlFor="reset-new">New password</Label>
        <Input
          id="reset-new"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.newPassword}
          aria-describedby={errors.newPassword ? 'reset-new-error' : 'reset-new-hint'}
          {...form.register('newPassword')}
        />
        {errors.newPassword ? (
          <FieldError id="reset-new-error" message={errors.newPassword.message} />
        ) : (
          <p id="reset-new-hint" className="mt-1 text-sm text-slate-500">
            At least 8 characters.
          </p>
        )}
      </div>
      <div>
        <Label htmlFor="reset-confirm">Confirm password</Label>
        <Input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.confirmPassword}
          aria-describedby={errors.confirmPassword ? 'reset-confirm-error' : undefined}
          {...form.register('confirmPassword')}
        />
        <FieldError id="reset-confirm-error" message={errors.confirmPassword?.message} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
