import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@common/schemas/auth';
import { getJson, isStatus } from './api';

export const currentUserKey = ['/api/auth/user'] as const;

/** Signed in when this returns a user; a 401 means signed out (null). Not retried. */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await getJson<CurrentUser>('/api/auth/user');
  } catch (error) {
    if (isStatus(error, 401)) return null;
    throw error;
  }
}

export function useCurrentUser() {
  const query = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
  return { user: query.data ?? null, isLoading: query.isLoading };
}
