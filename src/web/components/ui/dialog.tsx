import type { ReactNode, RefObject } from 'react';
import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';

/** An accessible modal dialog (focus trap, Escape closes) built on Radix. */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  wide,
  returnFocusTo,
  children,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: string;
  description?: string;
  /** For content that needs the room (an e-mail as sent). */
  wide?: boolean;
  /** The button that opened a dialog given no `trigger`: focus goes back to it on closing. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <D.Trigger asChild>{trigger}</D.Trigger>}
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <D.Content
          onCloseAutoFocus={
            returnFocusTo
              ? (event) => {
                  event.preventDefault();
                  returnFocusTo.current?.focus();
                }
              : undefined
          }
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] ${wide ? 'max-w-3xl' : 'max-w-md'} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl`}
        >
          <D.Title className="text-xl font-bold text-navy-900">{title}</D.Title>
          {description ? (
            <D.Description className="mt-1 text-sm text-slate-600">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{title}</D.Description>
          )}
          <div className="mt-4">{children}</div>
          <D.Close className="absolute right-3 top-3 rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
            <X className="h-5 w-5" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
