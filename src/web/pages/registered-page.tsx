import { useEffect, useState } from 'react';
import { tripDates } from '@common/rally-dates';
import { Link, useSearch } from 'wouter';
import { CheckCircle2, Clock, Loader2, Mail } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { moneyStory } from '@common/money-story';
import { useRallySettings } from '../lib/rally-settings';
import { buttonClass } from '../components/ui/button';
import { useCurrentUser } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';
import { getJson } from '../lib/api';
import { teamOf, useMyDashboard, type MyDashboard, type MyTeamView } from '../features/dashboard/api';
import { dashboardKeys } from '../query-keys/dashboard';

/** How long the page keeps asking after a return from GoCardless before it stops waiting. */
const CONFIRM_WAIT_MS = 2 * 60 * 1000;
const paid = (s: MyTeamView | null | undefined) => s?.status === 'deposit_paid' || s?.status === 'confirmed';

/**
 * The signed-in team after a return from GoCardless, asked again every few seconds until the
 * webhook has marked the deposit paid or the time limit passes.
 */
function useReturnedPayment(enabled: boolean) {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  const team = useQuery({
    queryKey: dashboardKeys.afterPayment,
    enabled,
    queryFn: async () => teamOf(await getJson<MyDashboard>('/api/my-dashboard')),
    refetchInterval: (query) => (paid(query.state.data) || timedOut ? false : 3000),
  });
  return { team, timedOut };
}

/** Where a team goes on from a status card on this page. */
function OnwardLinks() {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <Link href="/dashboard" className={buttonClass('primary', 'lg')}>
        Go to Dashboard
      </Link>
      <Link href="/" className={buttonClass('outline', 'lg')}>
        Return to Home
      </Link>
    </div>
  );
}

/** Back from GoCardless, before its webhook has confirmed the payment. */
function PaymentPending({ timedOut }: { timedOut: boolean }) {
  return (
    <section className="bg-navy-50/60 px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10" role="status">
        {!timedOut && <Loader2 className="mx-auto h-12 w-12 animate-spin text-navy-700" aria-hidden />}
        <h1 className="mt-4 text-3xl font-bold text-navy-900">
          {timedOut ? 'Your payment is still being confirmed' : 'Confirming your payment'}
        </h1>
        <p className="mt-3 text-slate-700">
          {timedOut
            ? 'GoCardless is taking longer than usual to confirm your deposit. We will e-mail the driver a receipt as soon as it is confirmed, and your dashboard will show "Deposit paid".'
            : 'Thank you: GoCardless is confirming your deposit. This page updates by itself in a moment.'}
        </p>
        <OnwardLinks />
      </div>
    </section>
  );
}

/**
 * A signed-in team still on the waiting list has no deposit to pay yet: it is told where it stands
 * instead of being thanked for a payment.
 */
function OnTheWaitingList({ position }: { position: number | null }) {
  const rallySettings = useRallySettings();
  return (
    <section className="bg-navy-50/60 px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <Clock className="mx-auto h-16 w-16 text-sky-700" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold text-navy-900">You are on the waiting list</h1>
        <p className="mt-3 text-slate-700">
          The {rallySettings.productName} {rallySettings.year} is full
          {position === null ? ', and your team is on the waiting list' : <>, and your team is number {position} on the waiting list</>}. No
          deposit is due yet: we will e-mail you when a place is offered, and ask for the deposit then.
        </p>
        <OnwardLinks />
      </div>
    </section>
  );
}

/** Where the direct-debit provider sends people after paying the deposit (spec section 2). */
export default function RegisteredPage() {
  const rallySettings = useRallySettings();
  useDocumentTitle('Thank You for Your Payment');
  const { user, isLoading } = useCurrentUser();
  const returned = new URLSearchParams(useSearch()).get('payment') === 'gocardless';
  const { team, timedOut } = useReturnedPayment(returned && !!user);
  const dashboard = useMyDashboard(!returned && !!user);
  const mine = { isLoading: dashboard.isLoading, data: teamOf(dashboard.data) };
  // Back from GoCardless: thanks only once this team's deposit is recorded as paid.
  if (returned && (isLoading || (user && !paid(team.data)))) return <PaymentPending timedOut={timedOut} />;
  // Until we know whose page this is, nothing is said about a deposit.
  if (isLoading || (user && !returned && mine.isLoading)) {
    return (
      <p role="status" className="px-4 py-16 text-center text-slate-600">
        Loading...
      </p>
    );
  }
  if (mine.data?.status === 'waiting_list') return <OnTheWaitingList position={mine.data.waitingListPosition} />;
  return (
    <section className="bg-navy-50/60 px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <div className="text-center">
          <CheckCircle2 className="mx-auto h-16 w-16 text-emerald-600" aria-hidden />
          <h1 className="mt-4 text-3xl font-bold text-navy-900">Thank You for Your Payment</h1>
          <p className="mt-3 text-slate-700">
            Your deposit has been received and your place on the {rallySettings.productName} {rallySettings.year},{' '}
            {rallySettings.routeLabel}, {tripDates(rallySettings)}, is secured.
          </p>
        </div>

        <h2 className="mt-8 text-xl font-bold text-navy-900">Next steps</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          <li>A confirmation e-mail with your receipt will follow shortly.</li>
          <li>Check your dashboard for rally details and to keep your team information up to date.</li>
          <li>{moneyStory(rallySettings).fundraisingStep}</li>
          <li>Prepare your car and your route across Europe.</li>
        </ol>

        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {!isLoading &&
            (user ? (
              <Link href="/dashboard" className={buttonClass('primary', 'lg')}>
                Go to Dashboard
              </Link>
            ) : (
              <Link href="/login" className={buttonClass('primary', 'lg')}>
                Log In to Your Account
              </Link>
            ))}
          <Link href="/" className={buttonClass('outline', 'lg')}>
            Return to Home
          </Link>
        </div>

        <p className="mt-8 flex items-center justify-center gap-2 text-center text-sm text-slate-600">
          <Mail className="h-4 w-4" aria-hidden />
          Questions? Contact us at
          <a className="font-semibold text-navy-700 underline underline-offset-2" href={`mailto:${rallySettings.supportEmail}`}>
            {rallySettings.supportEmail}
          </a>
        </p>
      </div>
    </section>
  );
}
