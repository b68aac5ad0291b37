import { Link } from 'wouter';
import { ClipboardList, ExternalLink } from 'lucide-react';
import { moneyStory } from '@common/money-story';
import { useRallySettings } from '../../lib/rally-settings';
import { buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import type { EntryStatus } from '@common/schemas/entry-status';

/**
 * The dashboard's 'What's Next?' list (spec section 2). The deposit step follows the entry's status:
 * asked of a registered team only; a team on the waiting list is asked when a place is offered, and
 * a paid or confirmed one is told its deposit is paid.
 */
export function WhatsNext({ status }: { status: EntryStatus }) {
  const rallySettings = useRallySettings();
  const money = moneyStory(rallySettings);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <ClipboardList className="h-5 w-5 text-gold-500" aria-hidden /> What&apos;s Next?
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-700">
          <li>
            <strong className="text-slate-900">Confirmation email.</strong> We have sent the driver an e-mail confirming your registration.
          </li>
          {status === 'waiting_list' ? (
            <li>
              <strong className="text-slate-900">Waiting list.</strong> We will e-mail you when a place is offered, and ask for the deposit
              then.
            </li>
          ) : status === 'deposit_paid' || status === 'confirmed' ? (
            <li>
              <strong className="text-slate-900">Deposit payment.</strong> Your deposit is paid: your place is held.
            </li>
          ) : status === 'withdrawn' ? null : (
            <li>
              <strong className="text-slate-900">Deposit payment.</strong> {money.depositStep}{' '}
              <a
                href={rallySettings.depositLink}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-navy-700 underline underline-offset-2"
              >
                Pay deposit <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          )}
          <li>
            <strong className="text-slate-900">Rally pack.</strong> Your rally pack with route details, clues and timings is coming soon.
          </li>
          <li>
            <strong className="text-slate-900">Fundraising.</strong> {money.fundraisingStep}
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}

/** Signed in without a registration. */
export function NoRegistration() {
  const rallySettings = useRallySettings();
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h2 className="text-2xl font-bold text-navy-900">No Registration Found</h2>
      <p className="mt-2 text-slate-600">
        We could not find a team registered with your e-mail address. Register your team for {rallySettings.year} to get started.
      </p>
      <Link href="/signup" className={buttonClass('primary', 'lg', 'mt-6')}>
        Register Your Team
      </Link>
    </div>
  );
}
