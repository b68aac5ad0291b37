import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema } from '@common/schemas/auth';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
import { errorMessage } from '../../lib/error-message';

type Submit = (proof: { password: string } | { newPassword: string }) => void;

/**
 * What a signed-out verifier shows besides the link: the password chosen at sign-up, or a new one.
 * A password chosen before the address was confirmed may have been chosen by someone else (anyone
 * can sign up with any address), so it is kept only for the person who can give it here.
 */
export function VerifyEmailForm({ onSubmit, pending, error }: { onSubmit: Submit; pending: boolean; error: unknown }) {
  const [choosing, setChoosing] = useState(false);
  return (
    <div className="space-y-4">
      <p className="rounded-lg border border-navy-100 bg-navy-50 p-3 text-sm text-navy-900">
        Anyone can sign up with any e-mail address, so a password chosen before the address is confirmed is only kept if you enter it here.
        Whoever confirms the address holds the account: anyone else signed in to it is signed out.
      </p>
      {error ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-navy-900">
          {errorMessage(error, 'The address could not be confirmed. Please try again.')}
        </p>
      ) : null}
      {choosing ? <NewPasswordForm onSubmit={onSubmit} pending={pending} /> : <PasswordField onSubmit={onSubmit} pending={pending} />}
      <p className="text-center text-sm text-slate-600">
        <button
          type="button"
          className="cursor-pointer font-semibold text-navy-700 underline-offset-4 hover:underline"
          onClick={() => setChoosing(!choosing)}
        >
          {choosing
            ? 'I know the password I chose when I signed up'
            : "I didn't create this account, or forgot the password: choose a new one"}
        </button>
      </p>
    </div>
  );
}

function PasswordField({ onSubmit, pending }: { onSubmit: Submit; pending: boolean }) {
  const [password, setPassword] = useState('');
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ password });
      }}
    >
      <div>
        <Label htmlFor="verify-password">Your password</Label>
        <Input
          id="verify-password"
          type="password"
          required
          autoComplete="current-password"
          aria-describedby="verify-password-hint"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id="verify-password-hint" className="mt-1 text-sm text-slate-500">
          The password you chose when you signed up.
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Please wait...' : 'Confirm my e-mail address'}
      </Button>
    </form>
  );
}

type NewValues = { newPassword: string; confirmPassword: string };

function NewPasswordForm({ onSubmit, pending }: { onSubmit: Submit; pending: boolean }) {
  const form = useForm<NewValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit((v) => onSubmit({ newPassword: v.newPassword }))}>
      <p className="text-sm text-slate-700">The old password stops working, and only you can sign in with the new one.</p>
      <NewPasswordFields idPrefix="verify" register={form.register} errors={errors} />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Please wait...' : 'Confirm and set my password'}
      </Button>
    </form>
  );
}
