import type { ReactNode } from 'react';
import { CheckCircle2, Clock, CreditCard, XCircle } from 'lucide-react';
import { moneyStory } from '@common/money-story';
import { useRallySettings } from '../../lib/rally-settings';
import { entryStatusLabels, type EntryStatus } from '@common/schemas/entry-status';
import { cn } from '../../lib/cn';
import type { MyTeamView } from './api';

const tone: Record<EntryStatus, { box: string; text: string; icon: ReactNode }> = {
  registered: { box: 'border-amber-200 bg-amber-50', text: 'text-amber-900', icon: <CreditCard className="h-8 w-8" aria-hidden /> },
  deposit_paid: {
    box: 'border-emerald-200 bg-emerald-50',
    text: 'text-emerald-800',
    icon: <CheckCircle2 className="h-8 w-8" aria-hidden />,
  },
  confirmed: { box: 'border-emerald-200 bg-emerald-50', text: 'text-emerald-800', icon: <CheckCircle2 className="h-8 w-8" aria-hidden /> },
  waiting_list: { box: 'border-sky-200 bg-sky-50', text: 'text-sky-900', icon: <Clock className="h-8 w-8" aria-hidden /> },
  withdrawn: { box: 'border-slate-200 bg-slate-50', text: 'text-slate-700', icon: <XCircle className="h-8 w-8" aria-hidden /> },
};

/** What this status asks of the team next. */
function NextStep({ signup, payDeposit }: { signup: MyTeamView; payDeposit: ReactNode }) {
  const rallySettings = useRallySettings();
  switch (signup.status) {
    case 'registered':
      return (
        <>
          <p>
            Your team is entered for {rallySettings.year}. {moneyStory(rallySettings).depositStep}
          </p>
          {payDeposit}
        </>
      );
    case 'deposit_paid':
      return <p>Thank you: your deposit is paid and your place is held. The organisers confirm each entry before the rally.</p>;
    case 'confirmed':
      return <p>Your place in the {rallySettings.year} rally is confirmed. See you at the start line!</p>;
    case 'waiting_list':
      return (
        <p>
          The rally is full.{' '}
          {signup.waitingListPosition === null ? (
            'Your team is on the waiting list.'
          ) : (
            <>
              You are <strong>number {signup.waitingListPosition}</strong> on the waiting list.
            </>
          )}{' '}
          We will e-mail you when a place is offered, and ask for the deposit then.
        </p>
      );
    case 'withdrawn':
      return <p>Your team has withdrawn from the {rallySettings.year} rally. To enter again, contact the organisers.</p>;
  }
}

/**
 * The team's real entry status, with what to do next. `payDeposit` is the deposits feature's
 * button, passed in by the page.
 */
export function EntryStatusCard({ signup, payDeposit }: { signup: MyTeamView; payDeposit: ReactNode }) {
  const t = tone[signup.status];
  return (
    <div className={cn('rounded-2xl border p-6 shadow-sm', t.box)}>
      <p className={cn('text-sm font-semibold uppercase tracking-wider', t.text)}>Registration status</p>
      <p className={cn('mt-2 flex items-center gap-2 text-3xl font-bold', t.text)}>
        {t.icon} {entryStatusLabels[signup.status]}
      </p>
      <div className={cn('mt-1 text-sm', t.text)}>
        <NextStep signup={signup} payDeposit={payDeposit} />
      </div>
    </div>
  );
}
