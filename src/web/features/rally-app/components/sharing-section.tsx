import { Link } from 'wouter';
import { MapPin } from 'lucide-react';
import { Card, Skeleton } from '../../../components/ui/card';
import { useSharingState } from '../api';
import { usePositionSharing } from '../use-position-sharing';

/** Whether the team shares its position; while it does, this open app sends it. */
export function SharingSection() {
  const tracking = useSharingState();
  const state = tracking.data?.state;
  usePositionSharing(state === 'on');
  return (
    <section aria-labelledby="sharing-status-title">
      <h2 id="sharing-status-title" className="mb-2 text-xl font-bold text-navy-900">
        Position sharing
      </h2>
      <Card className="flex items-start gap-3 p-5">
        <MapPin className="mt-1 h-5 w-5 shrink-0 text-navy-700" aria-hidden />
        {state === 'on' ? (
          <p>Sharing is on: while this app is open it sends where you are every 30 seconds.</p>
        ) : state ? (
          <p>
            Sharing is {state === 'paused' ? 'paused' : 'off'}: supporters do not see you on the map.{' '}
            <Link href="/dashboard#sharing-title" className="font-semibold text-navy-700 underline">
              Turn it on in your dashboard
            </Link>
            .
          </p>
        ) : tracking.isError ? (
          <p className="text-slate-600">Whether you share your position could not be loaded.</p>
        ) : (
          <Skeleton className="h-6 w-full" aria-label="Loading position sharing" />
        )}
      </Card>
    </section>
  );
}
