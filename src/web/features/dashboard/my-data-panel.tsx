import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Download, UserX } from 'lucide-react';
import { deleteAccountSchema, type DeleteAccountInput } from '@common/schemas/privacy';
import { Card } from '../../components/ui/card';
import { Button, buttonClass } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { deleteAccount } from './api';
import { errorMessage } from '../../lib/error-message';
import { startSession } from '../../lib/auth';
import { toast } from '../../lib/toast';

/** The rallier's own data: a JSON download of everything held, and deleting the account. */
export function MyDataPanel() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DeleteAccountInput>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: '' } });
  const remove = useMutation({ mutationFn: deleteAccount });

  const onDelete = handleSubmit((input) =>
    remove.mutate(input, {
      onSuccess: () => {
        startSession(queryClient, null);
        toast({ title: 'Account deleted', description: 'Your account and your personal details have been erased.' });
        navigate('/');
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to delete your account'), variant: 'destructive' }),
    }),
  );

  return (
    <Card className="space-y-5 p-5" aria-labelledby="my-data-title" role="region">
      <div>
        <h2 id="my-data-title" className="text-xl font-bold text-navy-900">
          Your data
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          What we hold about you and how long we keep it is on the{' '}
          <a className="text-navy-700 underline" href="/privacy">
            privacy page
          </a>
          .
        </p>
      </div>
      <a href="/api/my-privacy/data" download className={buttonClass('outline', 'sm')}>
        <Download className="h-4 w-4" aria-hidden /> Download my data
      </a>
      <form onSubmit={onDelete} noValidate className="space-y-3 border-t border-slate-100 pt-4">
        <h3 className="font-semibold text-navy-900">Delete my account</h3>
        <p className="text-sm text-slate-600">
          This erases your account and the personal details of your team. The team stays on the organisers' list as withdrawn, with its
          donations, so the totals stay true. It cannot be undone.
        </p>
        <div className="max-w-sm">
          <Label htmlFor="delete-account-password">Password</Label>
          <Input
            id="delete-account-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'delete-account-password-error' : undefined}
            {...register('password')}
          />
          <FieldError id="delete-account-password-error" message={errors.password?.message} />
        </div>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          <UserX className="h-4 w-4" aria-hidden /> {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </form>
    </Card>
  );
}
