import { useState } from 'react';
import { Car, Flag, HandHeart, Route } from 'lucide-react';
import { statTileLabels } from '@common/rally-stats';
import { useStatTiles } from '../../lib/home-page';
import { cn } from '../../lib/cn';
import { SectionHeading } from '../../components/section-heading';
import { useRallySettings } from '../../lib/rally-settings';

const icons = [Flag, Car, Route, HandHeart];
const backs = [
  'Every year since 2008, bar a year off in 2014.',
  'Drivers and co-drivers who have crossed the finish line.',
  'Of French, Spanish, Swiss and Italian roads.',
  'For local charities in Jersey.',
];

/** Rally in Numbers: tiles turn over on hover, on focus, or on a tap. */
export function StatsTiles() {
  const rallySettings = useRallySettings();
  const [flipped, setFlipped] = useState<number | null>(null);
  const { data, isError } = useStatTiles();
  return (
    <section id="rally-stats" aria-labelledby="stats-title" className="bg-navy-900 py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="stats-title" eyebrow={`Since ${rallySettings.firstYear}`} title="Rally in Numbers" light />
        <ul aria-busy={!data && !isError} className="grid grid-cols-2 gap-4 lg:grid-cols-4 lg:gap-6">
          {statTileLabels.map((tile, i) => {
            const Icon = icons[i];
            const value = data?.[tile.key];
            return (
              <li key={tile.label} className="group h-44 [perspective:1000px] sm:h-52">
                <button
                  type="button"
                  aria-pressed={flipped === i}
                  onClick={() => setFlipped(flipped === i ? null : i)}
                  className={cn(
                    'relative h-full w-full cursor-pointer rounded-2xl transition-transform duration-500 [transform-style:preserve-3d] motion-reduce:transition-none',
                    'group-hover:[transform:rotateY(180deg)] focus-visible:[transform:rotateY(180deg)]',
                    flipped === i && '[transform:rotateY(180deg)]',
                  )}
                >
                  <span className="absolute inset-0 flex flex-col items-center justify-center rounded-2xl border border-navy-700 bg-navy-800 p-4 [backface-visibility:hidden]">
                    {Icon && <Icon className="h-7 w-7 text-gold-400" aria-hidden />}
                    {value !== undefined ? (
                      <span className="mt-3 font-display text-4xl font-bold text-white sm:text-5xl">{value}</span>
                    ) : isError ? (
                      <span className="mt-3 font-display text-4xl font-bold text-white sm:text-5xl">–</span>
                    ) : (
                      <span aria-label="Loading" className="mt-3 block h-12 w-24 animate-pulse rounded-lg bg-navy-700" />
                    )}
                    <span className="mt-1 text-sm font-semibold uppercase tracking-wider text-navy-100">{tile.label}</span>
                  </span>
                  <span className="absolute inset-0 flex items-center justify-center rounded-2xl bg-gold-400 p-5 text-center font-semibold text-navy-950 [backface-visibility:hidden] [transform:rotateY(180deg)]">
                    {backs[i]}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
