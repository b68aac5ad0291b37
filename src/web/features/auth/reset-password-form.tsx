import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema } from '@common/schemas/auth';
import { Button } from '../../components/ui/button';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
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
      <NewPasswordFields idPrefix="reset" register={form.register} errors={errors} />
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
