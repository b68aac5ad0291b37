import { lazy, Suspense, useState } from 'react';
import { Bell } from 'lucide-react';
import { Dialog } from '../../components/ui/dialog';
import { Button, type ButtonProps } from '../../components/ui/button';
import { useRallySettings } from '../../lib/rally-settings';

const loadForm = () => import('./get-updates-form');
const GetUpdatesForm = lazy(loadForm);

/**
 * The Get Updates dialog (spec sections 2, 4 and 8): success closes it, and the next opening
 * starts from empty fields; failure leaves it open with what was typed. The form arrives as its
 * own chunk, fetched as soon as a pointer or keyboard reaches the button.
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
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Get Rally Updates"
      description={`Hear first about the ${rallySettings.year} route, registration and rally news.`}
      trigger={
        <Button variant={variant} size="lg" className={className} onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()}>
          <Bell className="h-5 w-5" aria-hidden /> Get Updates
        </Button>
      }
    >
      <Suspense fallback={<p className="py-6 text-center text-sm text-slate-600">Loading the form…</p>}>
        <GetUpdatesForm idPrefix={idPrefix} onSubscribed={() => setOpen(false)} />
      </Suspense>
    </Dialog>
  );
}
