import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/hydration';

/**
 * The fields of a form on a server-rendered page, disabled until React has hydrated the page:
 * nothing is typed that the form would not see, and the browser never submits the form by itself
 * (which would put what was typed, a password too, in the address).
 */
export function ReadyFields({ className, children }: { className?: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className={cn('min-w-0', className)}>
      {children}
    </fieldset>
  );
}
