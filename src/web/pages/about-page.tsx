import { Link } from 'wouter';
import { rallyDates } from '@common/rally-dates';
import { ArrowLeft, Car, Coins, HandHeart, Puzzle, Trophy } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { moneyStory } from '@common/money-story';
import { useRallySettings } from '../lib/rally-settings';
import { buttonClass } from '../components/ui/button';
import { PageHeader } from '../features/public-site/page-header';
import { useDocumentTitle } from '../lib/use-document-title';

function Topic({ icon: Icon, title, children }: { icon: ComponentType<{ className?: string }>; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4 border-b border-slate-200 py-10 last:border-0 sm:grid-cols-[3.5rem_1fr]">
      <span className="grid h-14 w-14 place-items-center rounded-2xl bg-navy-900 text-gold-400" aria-hidden>
        <Icon className="h-7 w-7" />
      </span>
      <div>
        <h2 className="font-display text-2xl font-bold text-navy-900">{title}</h2>
        <div className="mt-3 space-y-3 text-lg leading-relaxed text-slate-700">{children}</div>
      </div>
    </section>
  );
}

export default function AboutPage() {
  const rallySettings = useRallySettings();
  useDocumentTitle('About');
  const c = rallySettings;
  const money = moneyStory(c);
  return (
    <>
      <PageHeader
        back={
          <Link href="/" className="inline-flex items-center gap-2 rounded text-sm font-semibold text-gold-300 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Home
          </Link>
        }
        eyebrow={<span className="text-sm font-semibold uppercase tracking-widest text-gold-300">About the rally</span>}
        title={`About the ${c.productName}`}
      >
        A charity treasure-hunt road rally that has run since {c.firstYear}, raising money for local charities in Jersey.
      </PageHeader>
      <article className="mx-auto max-w-4xl px-4 py-6">
        <Topic icon={Car} title="The rally concept">
          <p>
            Every year a convoy of cars leaves Jersey on the ferry to {c.startPort} and sets off across Europe. It is not a race for the
            fastest car: it is a treasure hunt. Each team of two, a driver and a co-driver, follows a trail of cryptic clues that leads them
            from checkpoint to checkpoint and, a few days later, to the finish: {c.destination} in {c.year}.
          </p>
          <p>
            The {c.year} rally is the {c.edition}, from {rallyDates(c)}.
          </p>
        </Topic>
        <Topic icon={Puzzle} title="What competitors do">
          <p>
            Expect about {c.cluesPerDay} clues a day, roughly {c.milesBetweenClues} miles between clues and around {c.milesPerDay} miles of
            driving a day. Clues earn points when solved and answered at the right place; wrong turns, detours and local discoveries are all
            part of the fun.
          </p>
          <p>Evenings are spent together over dinner, comparing answers and swapping stories from the road.</p>
        </Topic>
        <Topic icon={Coins} title="Costs">
          <p>{money.entryCostText}</p>
          <p>{money.depositText}</p>
          <p>Teams pay for their own fuel, drinks and lunches along the way.</p>
        </Topic>
        <Topic icon={HandHeart} title="Sponsorship">
          <p>
            The rally exists to raise money for local charities in Jersey: over £150K so far. {money.fundraisingText} Most teams go far
            beyond it.
          </p>
        </Topic>
        <Topic icon={Trophy} title="Prizes">
          <p>
            The team with the highest score at the finish is crowned Rally Champion and joins the roll of honour, with prizes for the best
            fundraisers, the best-dressed car and the most spectacular wrong turn.
          </p>
        </Topic>
        <div className="flex flex-wrap gap-3 pb-14 pt-4">
          <Link href="/signup" className={buttonClass('primary', 'lg')}>
            Sign Up {rallySettings.year}
          </Link>
          <Link href="/this-year" className={buttonClass('outline', 'lg')}>
            The {rallySettings.year} Rally
          </Link>
        </div>
      </article>
    </>
  );
}
