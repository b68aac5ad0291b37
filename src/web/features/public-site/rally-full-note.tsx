import { Clock } from 'lucide-react';
import { useSeasonStory } from '../../lib/season-story';

/**
 * Beside the home page's Register Now: says so when the car limit is reached (new teams then join
 * the waiting list). Nothing shows until the answer is in, and nothing when there is room.
 */
export function RallyFullNote() {
  if (useSeasonStory()?.phase !== 'full') return null;
  return (
    <p
      role="status"
      className="inline-flex items-center gap-2 self-center rounded-full bg-navy-950/70 px-4 py-2 text-sm font-semibold text-gold-300"
    >
      <Clock className="h-4 w-4" aria-hidden /> The rally is full: new teams join the waiting list
    </p>
  );
}
