import { useState } from 'react';
import type { MyClue } from '@common/schemas/clues';
import { Button } from '../../../components/ui/button';
import { actStamp } from '../act-stamp';
import { useRallyQueue } from '../rally-queue';

const pointsText = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

/**
 * A clue's hints: the text of those taken, the cost of the others, with a button to take one. A
 * hint costs points, so the first tap asks again: a tap in a bumping car should not cost any.
 * Without signal it says the points are charged when the hint is sent, and shows it so until then.
 */
export function ClueHints({ clue, open }: { clue: MyClue; open: boolean }) {
  const { add, pending, offline, waitingForSignal } = useRallyQueue();
  const noSignal = offline || waitingForSignal;
  const [asking, setAsking] = useState<string | null>(null);
  if (clue.hints.length === 0) return null;
  const asked = new Set(pending.flatMap((a) => (a.kind === 'hint' ? [a.hintId] : [])));
  const take = (hintId: string) => {
    setAsking(null);
    void add({ kind: 'hint', ...actStamp(), clueId: clue.id, hintId, cost: clue.hints.find((h) => h.id === hintId)?.cost });
  };
  return (
    <div className="space-y-2">
      <h4 className="font-semibold text-navy-900">Hints</h4>
      <ul className="space-y-2">
        {clue.hints.map((hint, i) => (
          <li key={hint.id} className="rounded-lg bg-slate-50 p-3">
            {hint.taken ? (
              <p>
                <span className="font-semibold">
                  Hint {i + 1} (−{pointsText(hint.cost)}):
                </span>{' '}
                {hint.text}
              </p>
            ) : asked.has(hint.id) ? (
              <p>
                Hint {i + 1}: charged when sent (−{pointsText(hint.cost)})
              </p>
            ) : !open ? (
              <p className="text-slate-600">
                Hint {i + 1} not taken ({pointsText(hint.cost)})
              </p>
            ) : asking === hint.id ? (
              <div className="space-y-2">
                <p className="font-semibold">
                  {noSignal
                    ? `You have no signal: the hint will cost ${pointsText(hint.cost)} when it is sent. Take it?`
                    : `Take hint ${i + 1}? It costs ${pointsText(hint.cost)}.`}
                </p>
                <div className="grid grid-cols-2 gap-2">
                  <Button size="lg" onClick={() => take(hint.id)}>
                    Yes, take it
                  </Button>
                  <Button variant="outline" size="lg" onClick={() => setAsking(null)}>
                    Cancel
                  </Button>
                </div>
              </div>
            ) : (
              <Button variant="outline" size="lg" className="w-full" onClick={() => setAsking(hint.id)}>
                Take hint {i + 1} (costs {pointsText(hint.cost)})
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
