import { lazy, Suspense } from 'react';
import { useToasts } from '../../lib/toast';

// Every toast follows something the visitor did (a form sent, a copy made): the toasts' code
// (Radix Toast) loads with the first one, not with every page.
const ToastList = lazy(() => import('./toast-list'));

/** The corner where toasts show (spec section 9), drawn from the first toast on. */
export function Toaster() {
  const anyToast = useToasts().length > 0;
  return anyToast ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
