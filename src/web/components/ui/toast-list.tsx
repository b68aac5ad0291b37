import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { dismissToast, TOAST_DURATION_MS, useToasts } from '../../lib/toast';
import { cn } from '../../lib/cn';

/** Shows the current toast (at most one) in the corner; it closes itself after 5 s. Loaded by toaster.tsx with the first toast. */
export default function ToastList() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={cn(
            'relative rounded-xl border p-4 pr-10 shadow-lg',
            t.variant === 'destructive' ? 'border-rally-600 bg-rally-600 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <Toast.Title className="font-semibold">{t.title}</Toast.Title>
          {t.description && <Toast.Description className="mt-1 text-sm opacity-90">{t.description}</Toast.Description>}
          <Toast.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4" />
    </Toast.Provider>
  );
}
