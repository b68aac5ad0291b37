import { useState } from 'react';
import { MapPin } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { phonePosition } from '../../../lib/phone-position';
import { actStamp } from '../act-stamp';
import { useRallyQueue } from '../rally-queue';

/** "I'm here": the phone's position, sent to check whether the team is at the clue's place. */
export function CheckInButton({ clueId }: { clueId: number }) {
  const { add } = useRallyQueue();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function checkIn() {
    setBusy(true);
    const stamp = actStamp();
    const position = await phonePosition();
    setBusy(false);
    if (!position) return setProblem('Your phone did not give its position. Allow location for this site, then try again.');
    setProblem(null);
    await add({ kind: 'check-in', ...stamp, clueId, position });
  }

  return (
    <div className="space-y-1">
      <Button variant="secondary" size="lg" className="w-full" disabled={busy} onClick={() => void checkIn()}>
        <MapPin className="h-5 w-5" aria-hidden /> {busy ? 'Finding where you are…' : "I'm here"}
      </Button>
      {problem && (
        <p role="alert" className="text-sm text-rally-600">
          {problem}
        </p>
      )}
    </div>
  );
}
