import { Heart } from 'lucide-react';
import { formatPence } from '@common/money';
import type { PublicTeamPage } from '@common/schemas/public-team';

export const SUPPORTERS_WALL_ID = 'supporters-wall';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The latest supporters of a team, newest first (the server sends at most 20). */
export function SupportersWall({ supporters }: { supporters: PublicTeamPage['supporters'] }) {
  return (
    <section id={SUPPORTERS_WALL_ID} aria-labelledby="supporters" className="border-t border-slate-200 p-6 sm:p-8">
      <h2 id="supporters" className="flex items-center gap-2 text-xl font-bold text-navy-900">
        <Heart className="h-5 w-5 text-rally-600" aria-hidden /> Supporters
      </h2>
      {supporters.length === 0 ? (
        <p className="mt-2 text-slate-600">No donations yet. Be the first to support this team.</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {supporters.map((s, i) => (
            <li key={`${s.createdAt}-${i}`} className="rounded-xl border border-slate-200 bg-slate-50 p-3">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-navy-900">{s.name}</span>
                {s.amount !== null && <span className="font-bold tabular-nums text-navy-900">{formatPence(s.amount)}</span>}
              </p>
              {s.message && <p className="mt-1 break-words text-sm italic text-slate-700">&ldquo;{s.message}&rdquo;</p>}
              <p className="mt-1 text-xs text-slate-500">
                <time dateTime={s.createdAt}>{day.format(new Date(s.createdAt))}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
