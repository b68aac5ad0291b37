import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@common/schemas/auth';
import { getJson } from './api';
import { settingsKey } from './rally-settings';

export const currentUserKey = ['/api/auth/user'] as const;

/** The signed-in user, or null when signed out (the server answers 200 with null). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  return getJson<CurrentUser | null>('/api/auth/user');
}

export function useCurrentUser() {
  const query = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/**
 * A new session (signed in, out, or as someone else): nothing cached for the previous user may
 * show to the next. The settings are everyone's, and every page reads them, so they stay.
 */
export function startSession(client: QueryClient, user: CurrentUser | null): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== settingsKey[0] });
  client.setQueryData(currentUserKey, user);
}
