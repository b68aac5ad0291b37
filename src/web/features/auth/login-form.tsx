import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import { credentialsSchema, registerSchema } from '@common/schemas/auth';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useAuthMutation, type AuthInput, type AuthMode } from './api';
import { ReadyFields } from '../../components/ui/ready-fields';

type Values = { email: string; password: string; firstName: string; lastName: string };
const empty: Values = { email: '', password: '', firstName: '', lastName: '' };

/**
 * The login or sign-up form (spec sections 2, 4 and 8). The page remounts it when the mode
 * toggles, which clears every field but what the page was opened with (`known`). Success goes to
 * /dashboard, or back to the admin page (`next`, already checked) that sent an organiser here.
 */
export function LoginForm({
  mode,
  known = {},
  next = null,
}: {
  mode: AuthMode;
  known?: Partial<Pick<Values, 'email' | 'firstName' | 'lastName'>>;
  next?: string | null;
}) {
  const [, navigate] = useLocation();
  const signingUp = mode === 'register';
  const form = useForm<Values>({
    resolver: zodResolver(signingUp ? registerSchema : credentialsSchema) as unknown as Resolver<Values>,
    defaultValues: { ...empty, ...known },
  });
  const auth = useAuthMutation(mode);
  const { errors } = form.formState;

  const submit = (values: Values) => {
    const body: AuthInput = { email: values.email, password: values.password };
    if (signingUp) Object.assign(body, { firstName: values.firstName, lastName: values.lastName });
    auth.mutate(body, {
      onSuccess: () => {
        toast({ title: signingUp ? 'Account created!' : 'Welcome back!' });
        navigate(next ?? '/dashboard');
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, signingUp ? 'Something went wrong' : 'Authentication failed'),
          variant: 'destructive',
        }),
    });
  };

  const field = (name: keyof Values) => ({
    id: `auth-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `auth-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <form onSubmit={form.handleSubmit(submit)}>
      <ReadyFields className="space-y-4">
        {signingUp && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <Label htmlFor="auth-firstName">First name</Label>
              <Input autoComplete="given-name" {...field('firstName')} />
              <FieldError id="auth-firstName-error" message={errors.firstName?.message} />
            </div>
            <div>
              <Label htmlFor="auth-lastName">Last name</Label>
              <Input autoComplete="family-name" {...field('lastName')} />
              <FieldError id="auth-lastName-error" message={errors.lastName?.message} />
            </div>
          </div>
        )}
        <div>
          <Label htmlFor="auth-email">Email</Label>
          <Input type="email" required autoComplete="email" placeholder="you@example.com" {...field('email')} />
          <FieldError id="auth-email-error" message={errors.email?.message} />
        </div>
        <div>
          <div className="flex items-baseline justify-between">
            <Label htmlFor="auth-password">Password</Label>
            {!signingUp && (
              <Link href="/forgot-password" className="text-sm font-medium text-navy-700 underline-offset-4 hover:underline">
                Forgot password?
              </Link>
            )}
          </div>
          <Input type="password" required autoComplete={signingUp ? 'new-password' : 'current-password'} {...field('password')} />
          {signingUp && !errors.password && <p className="mt-1 text-sm text-slate-500">At least 8 characters.</p>}
          <FieldError id="auth-password-error" message={errors.password?.message} />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={auth.isPending}>
          {auth.isPending ? 'Please wait...' : signingUp ? 'Sign Up' : 'Log In'}
        </Button>
      </ReadyFields>
    </form>
  );
}
