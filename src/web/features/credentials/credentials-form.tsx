import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { credentialsFormSchema, type CredentialsFormValues } from '@common/schemas/credentials';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useCredentialsRecipientCount, useSendCredentials } from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/**
 * Sends every registered driver (or only a test address) a single-use link to set their password.
 * Sending to everyone asks first. The test address is checked by the server's own schema.
 */
export function CredentialsForm() {
  const form = useForm<CredentialsFormValues>({ resolver: zodResolver(credentialsFormSchema), defaultValues: { testEmail: '' } });
  const [confirming, setConfirming] = useState(false);
  const send = useSendCredentials();
  const driverCount = useCredentialsRecipientCount().data?.count;
  const testEmail = form.watch('testEmail').trim();
  const error = form.formState.errors.testEmail?.message;

  const go = (address: string) =>
    send.mutate(address, {
      onSuccess: (r) => {
        toast({ title: 'Login Credentials Sent', description: r.message });
        setConfirming(false);
        form.reset();
      },
      onError: (e) => {
        toast({ title: 'Failed to Send Credentials', description: errorMessage(e, 'Failed to Send Credentials'), variant: 'destructive' });
        setConfirming(false);
      },
    });

  const submit = (values: CredentialsFormValues) => {
    if (values.testEmail) go(values.testEmail);
    else setConfirming(true);
  };

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <div>
        <h3 className="flex items-center gap-2 font-bold text-navy-900">
          <KeyRound className="h-4 w-4 text-gold-600" aria-hidden /> Send Login Credentials
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          Each registered driver gets a link to set their password (valid for 72 hours). Accounts are created for drivers who have none.
        </p>
      </div>
      <div>
        <Label htmlFor="credentials-test-email">Test email address (optional)</Label>
        <Input
          id="credentials-test-email"
          type="email"
          placeholder="Leave empty to send to all drivers"
          aria-invalid={!!error}
          aria-describedby={error ? 'credentials-test-email-error' : undefined}
          {...form.register('testEmail')}
        />
        <FieldError id="credentials-test-email-error" message={error} />
      </div>
      <Button type="submit" variant="secondary" disabled={send.isPending} className="mt-auto self-start">
        {send.isPending ? 'Sending...' : testEmail ? 'Send Test Credentials' : 'Send Login Credentials'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send login credentials?"
        confirmLabel="Send to all drivers"
        pending={send.isPending}
        onConfirm={() => go('')}
      >
        <p>
          <strong>All registered drivers</strong> (
          {driverCount === undefined ? 'counting...' : `${driverCount} ${driverCount === 1 ? 'driver' : 'drivers'}`}) will each get an
          e-mail with a link to set their password.
        </p>
      </ConfirmDialog>
    </form>
  );
}
