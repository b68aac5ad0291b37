import type { MyClues } from '@common/schemas/clues';
import { Card } from '../../../components/ui/card';

/**
 * The team's score over the season: clue points, hint costs, penalties, total and places visited,
 * and each penalty with the organisers' reason (the team's to read, never the public's).
 */
export function ScoreSection({ rally }: { rally: MyClues }) {
  const { cluePoints, hintCost, penalties, penaltyList, total, placesVisited } = rally.score;
  const tiles = [
    ['Points', cluePoints],
    ['Hints', hintCost === 0 ? 0 : -hintCost],
    ['Penalties', penalties === 0 ? 0 : -penalties],
    ['Total', total],
    ['Places visited', placesVisited],
  ] as const;
  return (
    <section aria-labelledby="score-title">
      <h2 id="score-title" className="mb-2 text-xl font-bold text-navy-900">
        Your score
      </h2>
      <Card className="grid grid-cols-2 gap-3 p-4">
        {tiles.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-navy-50 p-3 text-center">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="text-2xl font-bold text-navy-900" data-testid={`score-${label.toLowerCase().replace(' ', '-')}`}>
              {value}
            </p>
          </div>
        ))}
        {penaltyList.length > 0 && (
          <ul className="col-span-2 space-y-1 text-sm text-slate-700" aria-label="Penalties">
            {penaltyList.map((p, i) => (
              <li key={i}>
                Penalty of {p.points} {p.points === 1 ? 'point' : 'points'}
                {p.day ? ` on day ${p.day}` : ''}: {p.reason}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
