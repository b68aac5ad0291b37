import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useTakenOver } from '../../lib/take-over';

/**
 * The fields of a form on a page the server draws, disabled until React has taken the page over:
 * nothing is typed that the form would not see, and the browser never submits the form by itself
 * (which would put what was typed, a password too, in the address).
 */
export function ReadyFields({ className, children }: { className?: string; children: ReactNode }) {
  const takenOver = useTakenOver();
  return (
    <fieldset disabled={!takenOver} className={cn('min-w-0', className)}>
      {children}
    </fieldset>
  );
}
