import { Link } from 'wouter';
import { ArrowRight, Puzzle, Route, Users, UtensilsCrossed } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { SectionHeading } from '../../components/section-heading';
import { useRallySettings } from '../../lib/rally-settings';

const features = [
  {
    icon: Users,
    title: 'Meet Adventurers',
    text: 'Share the road with teams from across Jersey: old hands, first-timers and friends for life.',
  },
  {
    icon: Puzzle,
    title: 'Solve Clues',
    text: 'About four cryptic clues a day send you roughly 60 miles between checkpoints. Every one counts.',
  },
  {
    icon: UtensilsCrossed,
    title: 'Manger & Boire',
    text: 'Long evening dinners, French breakfasts and the stories of the day, all included.',
  },
  { icon: Route, title: 'Open Road', text: 'Around 250 miles a day of back roads, mountain passes and coast on the way to the finish.' },
];

export function AboutFeatures() {
  const rallySettings = useRallySettings();
  return (
    <section id="about" aria-labelledby="about-title" className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="about-title" eyebrow="The rally" title="A Treasure Hunt Across Europe">
          Since {rallySettings.firstYear}, teams of two have raced clue by clue from Jersey to the sun, raising money for local charities.
        </SectionHeading>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-navy-50/50 p-6 shadow-sm transition hover:-translate-y-1 hover:shadow-md"
            >
              <span className="grid h-12 w-12 place-items-center rounded-xl bg-navy-900 text-gold-400">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-bold text-navy-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link href="/about" className={buttonClass('secondary', 'lg')}>
            Learn More<span className="sr-only"> about the rally</span> <ArrowRight className="h-5 w-5" aria-hidden />
          </Link>
        </div>
      </div>
    </section>
  );
}
