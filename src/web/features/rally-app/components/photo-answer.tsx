import { useId, useState, type ChangeEvent } from 'react';
import { Camera } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { carImageProblem } from '../../../lib/upload-car-image';
import { phonePosition } from '../../../lib/phone-position';
import { actStamp } from '../act-stamp';
import { useRallyQueue } from '../rally-queue';
import { useHydrated } from '../../../lib/hydration';

/**
 * A photo clue's answer: the phone's camera (or a photo already taken). The photo is kept on the
 * phone with the answer and uploaded when there is signal; an organiser then judges it.
 */
export function PhotoAnswer({ clueId }: { clueId: number }) {
  const { add } = useRallyQueue();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [noPosition, setNoPosition] = useState(false);
  // The page may arrive drawn by the server: a photo chosen before React listens would be lost.
  const hydrated = useHydrated();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const wrong = carImageProblem(file);
    setProblem(wrong);
    if (wrong) return;
    setBusy(true);
    const stamp = actStamp();
    const position = await phonePosition();
    await add({ kind: 'answer', ...stamp, clueId, photo: file, ...(position ? { position } : {}) });
    setNoPosition(!position);
    setBusy(false);
  }

  return (
    <div className="space-y-2">
      {/* The input inside its label: the label looks like a button and shows the input's focus. */}
      <label
        className={buttonClass('primary', 'lg', 'w-full focus-within:ring-2 focus-within:ring-navy-700')}
        aria-disabled={busy || undefined}
      >
        <Camera className="h-5 w-5" aria-hidden /> {busy ? 'Keeping your photo…' : 'Take a photo'}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          disabled={busy || !hydrated}
          onChange={(e) => void choose(e)}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </label>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-rally-600">
          {problem}
        </p>
      )}
      {noPosition && <p className="text-sm text-slate-600">Your phone gave no position, so the photo went without it.</p>}
    </div>
  );
}
