import { progressPercent } from '@common/fundraising';

const bands = [
  { key: 'none', label: 'Not started', color: '#cbd5e1' },
  { key: 'under', label: 'Under half', color: '#f4c247' },
  { key: 'over', label: 'Over half', color: '#1f4e86' },
  { key: 'met', label: 'Target met', color: '#16a34a' },
] as const;

/** Which band a team is in: nothing raised, under 50%, 50% or more, or the target reached. */
export function progressBand(raised: number, target: number): (typeof bands)[number]['key'] {
  if (raised <= 0) return 'none';
  const percent = progressPercent(raised, target);
  return percent >= 100 ? 'met' : percent >= 50 ? 'over' : 'under';
}

/** Teams by progress band, as labelled horizontal bars (SVG, for organisers). */
export function ProgressBandsChart({ teams }: { teams: { raised: number; target: number }[] }) {
  const counts = bands.map((b) => ({ ...b, count: teams.filter((t) => progressBand(t.raised, t.target) === b.key).length }));
  const max = Math.max(1, ...counts.map((c) => c.count));
  return (
    <ul className="space-y-2" aria-label="Teams by fundraising progress">
      {counts.map((c) => (
        <li key={c.key} className="grid grid-cols-[7rem_1fr_2rem] items-center gap-2 text-sm">
          <span className="text-slate-700">{c.label}</span>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-4 w-full" aria-hidden>
            <rect width="100" height="10" fill="#f1f5f9" rx="2" />
            <rect width={(c.count / max) * 100} height="10" fill={c.color} rx="2" />
          </svg>
          <span className="text-right font-semibold tabular-nums text-navy-900">{c.count}</span>
        </li>
      ))}
    </ul>
  );
}
