import { Coins } from 'lucide-react';
import { moneyStory } from '@common/money-story';
import { waitingListDepositText } from '@common/waiting-list-deposit';
import { useRallySettings } from '../lib/rally-settings';
import { cn } from '../lib/cn';

/**
 * What taking part costs and what each team raises, in the words every page uses (src/common/money-story.ts);
 * for a team joining the waiting list, the deposit as it is asked of them (waiting-list-deposit.ts).
 */
export function MoneyFacts({ className, waitingList = false }: { className?: string; waitingList?: boolean }) {
  const rallySettings = useRallySettings();
  const story = moneyStory(rallySettings);
  return (
    <section
      aria-labelledby="money-facts-title"
      className={cn('rounded-2xl border border-slate-200 bg-navy-50/60 p-5 text-slate-800', className)}
    >
      <h2 id="money-facts-title" className="flex items-center gap-2 text-lg font-bold text-navy-900">
        <Coins className="h-5 w-5 text-rally-600" aria-hidden /> Costs and fundraising
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{story.entryCostText}</li>
        <li>{waitingList ? waitingListDepositText(rallySettings) : story.depositText}</li>
        <li>{story.fundraisingText}</li>
      </ul>
    </section>
  );
}
