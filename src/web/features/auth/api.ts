import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, VerifyEmailInput } from '@common/schemas/auth';
import { sendJson } from '../../lib/api';
import { startSession } from '../../lib/auth';

export type AuthMode = 'login' | 'register';
export type AuthInput = { email: string; password: string; firstName?: string; lastName?: string };

/** Log in or create an account; the answer is the signed-in user, put straight into the cache. */
export function useAuthMutation(mode: AuthMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AuthInput) => sendJson<CurrentUser>('POST', mode === 'login' ? '/api/auth/login' : '/api/auth/register', input),
    onSuccess: (user) => startSession(queryClient, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson('POST', '/api/auth/logout'),
    // Spec section 4: logout sets the cached current user to empty.
    onSuccess: () => startSession(queryClient, null),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (input: { email: string }) => sendJson('POST', '/api/auth/forgot-password', input) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => sendJson('POST', '/api/auth/reset-password', input),
  });
}

/**
 * Confirms the address with the e-mailed token (and the password proof the page collected). The
 * answer is the account, now signed in with a new session: nothing cached may carry over.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerifyEmailInput) => sendJson<CurrentUser>('POST', '/api/auth/verify-email', input),
    onSuccess: (user) => startSession(queryClient, user),
  });
}
