import { Flag } from 'lucide-react';
import { ResultsLink } from '../../components/results-link';
import type { MyTeamView } from './api';

/**
 * In place of the entry status once the team's rally is over: its result, and no deposit or
 * confirmation of a place (a new season's rally is not theirs until they register again).
 */
export function RallyOverCard({ signup }: { signup: MyTeamView }) {
  const { result } = signup;
  return (
    <div className="rounded-2xl border border-navy-200 bg-white p-6 shadow-sm">
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-navy-700">
        <Flag className="h-4 w-4" aria-hidden /> Rally complete
      </p>
      <p className="mt-2 text-2xl font-bold text-navy-900">Your {signup.rallyYear} rally is over</p>
      {result ? (
        <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
          {[
            ['Rank', result.rank],
            ['Car number', result.carNumber ?? '-'],
            ['Score', result.score ?? '-'],
          ].map(([term, value]) => (
            <div key={term} className="rounded-lg bg-navy-50 p-2">
              <dt className="text-xs text-slate-600">{term}</dt>
              <dd className="text-xl font-bold text-navy-900">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-700">Thank you for taking part. Your result will show here once the organisers publish it.</p>
      )}
      <p className="mt-3 text-sm">
        <ResultsLink year={signup.rallyYear} className="font-semibold text-navy-700 underline underline-offset-2" />
      </p>
    </div>
  );
}
