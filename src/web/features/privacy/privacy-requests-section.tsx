import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { personEmailSchema, type PersonEmailInput } from '@common/schemas/privacy';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { eraseRecords } from './api';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { AdminSection } from '../../components/layout/admin-section';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/** A subject-access or erasure request that came by post or e-mail: export or erase by address. */
export function PrivacyRequestsSection() {
  const [confirming, setConfirming] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PersonEmailInput>({ resolver: zodResolver(personEmailSchema), defaultValues: { email: '' } });
  const queryClient = useQueryClient();
  const erase = useMutation({
    mutationFn: eraseRecords,
    onSuccess: () => void queryClient.invalidateQueries(),
  });

  // A plain navigation downloads the file; the server records the export.
  const onExport = handleSubmit(({ email }) => window.location.assign(`/api/admin/privacy/export?email=${encodeURIComponent(email)}`));
  const onErase = handleSubmit(({ email }) => setConfirming(email));
  const doErase = () =>
    erase.mutate(confirming!, {
      onSuccess: (r) => {
        setConfirming(null);
        toast({
          title: 'Erased',
          description: `${r.account ? 'The account and ' : ''}${r.teams} ${r.teams === 1 ? 'team' : 'teams'} anonymised.`,
        });
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to erase'), variant: 'destructive' }),
    });

  return (
    <AdminSection
      id="privacy-requests"
      title="Privacy Requests"
      icon={ShieldCheck}
      description="Export or erase a person's data when they ask by post or e-mail."
    >
      <form noValidate className="flex max-w-xl flex-col gap-3 sm:flex-row sm:items-end" onSubmit={onExport}>
        <div className="flex-1">
          <Label htmlFor="privacy-request-email">Their e-mail address</Label>
          <Input
            id="privacy-request-email"
            type="email"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'privacy-request-email-error' : undefined}
            {...register('email')}
          />
          <FieldError id="privacy-request-email-error" message={errors.email?.message} />
        </div>
        <Button type="submit" variant="outline">
          Export their data
        </Button>
        <Button type="button" variant="destructive" onClick={onErase}>
          Erase their data
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Erase ${confirming ?? ''}?`}
        confirmLabel="Erase"
        destructive
        pending={erase.isPending}
        onConfirm={doErase}
      >
        <p>This deletes their account and anonymises their teams (donations stay in the totals). It cannot be undone.</p>
      </ConfirmDialog>
    </AdminSection>
  );
}
