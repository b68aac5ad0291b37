import { Link } from 'wouter';
import { CheckCircle2, Mail } from 'lucide-react';
import { rallyConfig } from '@common/rally-config';
import { buttonClass } from '../components/ui/button';
import { useCurrentUser } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** Where the direct-debit provider sends people after paying the deposit (spec section 2). */
export default function RegisteredPage() {
  useDocumentTitle('Thank You for Your Payment');
  const { user, isLoading } = useCurrentUser();
  return (
    <section className="bg-navy-50/60 px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <div className="text-center">
          <CheckCircle2 className="mx-auto h-16 w-16 text-emerald-600" aria-hidden />
          <h1 className="mt-4 text-3xl font-bold text-navy-900">Thank You for Your Payment</h1>
          <p className="mt-3 text-slate-700">
            Your deposit has been received and your place on the {rallyConfig.productName} {rallyConfig.year}, {rallyConfig.routeLabel},{' '}
            {rallyConfig.datesLong}, is secured.
          </p>
        </div>

        <h2 className="mt-8 text-xl font-bold text-navy-900">Next steps</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          <li>A confirmation e-mail with your receipt will follow shortly.</li>
          <li>Check your dashboard for rally details and to keep your team information up to date.</li>
          <li>Plan your fundraising to meet the £{rallyConfig.minimumFundraisingPerTeam.toLocaleString('en-GB')} minimum per team.</li>
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
          <a className="font-semibold text-navy-700 underline underline-offset-2" href={`mailto:${rallyConfig.supportEmail}`}>
            {rallyConfig.supportEmail}
          </a>
        </p>
      </div>
    </section>
  );
}
