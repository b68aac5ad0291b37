import { ExternalLink } from 'lucide-react';
import { useLocation } from 'wouter';
import { useRallySettings } from '../../lib/rally-settings';
import { buttonClass } from '../../components/ui/button';
import { errorMessage, isStatus } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useDepositSettings, useStartDepositPayment } from './api';

/**
 * "Pay Deposit Now": with GoCardless set up on the server, it creates the team's payment and sends
 * the rallier to GoCardless's page (signing in first when needed); otherwise it opens the
 * configured external payment link in a new tab, as before.
 */
export function PayDepositButton({ size = 'lg', className }: { size?: 'sm' | 'lg'; className?: string }) {
  const rallySettings = useRallySettings();
  const settings = useDepositSettings();
  const start = useStartDepositPayment();
  const [, navigate] = useLocation();

  if (settings.data?.provider !== 'gocardless') {
    return (
      <a href={rallySettings.depositLink} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', size, className)}>
        Pay Deposit Now
        <ExternalLink className="h-4 w-4" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  const pay = () =>
    start.mutate(undefined, {
      onSuccess: ({ authorisationUrl }) => window.location.assign(authorisationUrl),
      onError: (e) => {
        if (isStatus(e, 401)) {
          toast({ title: 'Please log in first', description: "Log in with the driver's e-mail address, then pay from your dashboard." });
          navigate('/login');
          return;
        }
        toast({ title: 'Payment not started', description: errorMessage(e, 'Please try again.'), variant: 'destructive' });
      },
    });
  return (
    <button type="button" onClick={pay} disabled={start.isPending} className={buttonClass('primary', size, className)}>
      {start.isPending ? 'Opening GoCardless...' : 'Pay Deposit Now'}
    </button>
  );
}
