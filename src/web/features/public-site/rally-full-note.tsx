import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import type { RegistrationStatus } from '@common/schemas/entry-status';
import { getJson } from '../../lib/api';

/**
 * Beside the home page's Register Now: says so when the car limit is reached (new teams then join
 * the waiting list). Nothing shows until the answer is in, and nothing when there is room.
 */
export function RallyFullNote() {
  const places = useQuery({
    queryKey: ['/api/registration-status'],
    queryFn: () => getJson<RegistrationStatus>('/api/registration-status'),
  });
  if (!places.data?.open || !places.data.full) return null;
  return (
    <p
      role="status"
      className="inline-flex items-center gap-2 self-center rounded-full bg-navy-950/70 px-4 py-2 text-sm font-semibold text-gold-300"
    >
      <Clock className="h-4 w-4" aria-hidden /> The rally is full: new teams join the waiting list
    </p>
  );
}
