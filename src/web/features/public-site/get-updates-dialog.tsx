import { lazy, Suspense, useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button';
import { useRallySettings } from '../../lib/rally-settings';

const loadForm = () => import('./get-updates-form');
const GetUpdatesForm = lazy(loadForm);
// The dialog's code (Radix Dialog, its focus trap and scroll lock) is not part of the home page's
// first load either: it arrives with the form, when the visitor comes to the button.
const loadDialog = () => import('../../components/ui/dialog');
const Dialog = lazy(() => loadDialog().then((m) => ({ default: m.Dialog })));
const preload = () => void Promise.all([loadForm(), loadDialog()]);

/**
 * The Get Updates dialog (spec sections 2, 4 and 8): success closes it, and the next opening
 * starts from empty fields; failure leaves it open with what was typed. The form and the dialog
 * arrive as chunks of their own, fetched as soon as a pointer or keyboard reaches the button.
 */
export function GetUpdatesDialog({
  idPrefix,
  variant = 'outline',
  className,
}: {
  idPrefix: string;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const rallySettings = useRallySettings();
  const [open, setOpen] = useState(false);
  // Drawn from the first opening on (its code loads then); closed, it drops its content, so the next opening starts from empty fields.
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        variant={variant}
        size="lg"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Bell className="h-5 w-5" aria-hidden /> Get Updates
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <Dialog
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={trigger}
            title="Get Rally Updates"
            description={`Hear first about the ${rallySettings.year} route, registration and rally news.`}
          >
            <Suspense fallback={<p className="py-6 text-center text-sm text-slate-600">Loading the form…</p>}>
              <GetUpdatesForm idPrefix={idPrefix} onSubscribed={() => setOpen(false)} />
            </Suspense>
          </Dialog>
        </Suspense>
      )}
    </>
  );
}
