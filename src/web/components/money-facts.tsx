import { Coins } from 'lucide-react';
import { moneyStory } from '@common/money-story';
import { useRallySettings } from '../lib/rally-settings';
import { cn } from '../lib/cn';

/** What taking part costs and what each team raises, in the words every page uses (src/common/money-story.ts). */
export function MoneyFacts({ className }: { className?: string }) {
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
        <li>{story.depositText}</li>
        <li>{story.fundraisingText}</li>
      </ul>
    </section>
  );
}
