import type { MyClue } from '@common/schemas/clues';
import { Button } from '../../../components/ui/button';
import { actStamp } from '../phone-position';
import { useRallyQueue } from '../rally-queue';

const pointsText = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

/** A clue's hints: the text of those taken, the cost of the others, with a button to take one. */
export function ClueHints({ clue, open }: { clue: MyClue; open: boolean }) {
  const { add, pending } = useRallyQueue();
  if (clue.hints.length === 0) return null;
  const asked = new Set(pending.flatMap((a) => (a.kind === 'hint' ? [a.hintId] : [])));
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
              <p>Hint {i + 1}: waiting to send</p>
            ) : open ? (
              <Button
                variant="outline"
                size="lg"
                className="w-full"
                onClick={() => void add({ kind: 'hint', ...actStamp(), clueId: clue.id, hintId: hint.id })}
              >
                Take hint {i + 1} (costs {pointsText(hint.cost)})
              </Button>
            ) : (
              <p className="text-slate-600">
                Hint {i + 1} not taken ({pointsText(hint.cost)})
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
