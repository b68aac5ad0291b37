import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@common/schemas/auth';
import { getJson } from './api';

export const currentUserKey = ['/api/auth/user'] as const;

/** The signed-in user, or null when signed out (the server answers 200 with null). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  return getJson<CurrentUser | null>('/api/auth/user');
}

export function useCurrentUser() {
  const query = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
  return { user: query.data ?? null, isLoading: query.isLoading };
}
