import { AlertTriangle } from 'lucide-react';
import type { SosAlert } from '@common/schemas/control-room';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useResolveSos } from './api';
import { mapLink } from '@common/map-link';
import { clockTime, timeAgo } from './time-ago';

function SosCard({ alert }: { alert: SosAlert }) {
  const resolve = useResolveSos();
  const where = alert.position;
  return (
    <li className="rounded-lg border-2 border-rally-600 bg-red-50 p-4 text-red-950">
      <p className="flex items-center gap-2 text-lg font-bold">
        <AlertTriangle aria-hidden className="h-5 w-5" /> SOS: {alert.teamName}
      </p>
      <p className="text-sm">
        Raised at {clockTime(alert.raisedAt)} ({timeAgo(alert.raisedAt)})
      </p>
      {alert.note && <p className="mt-1">“{alert.note}”</p>}
      {where ? (
        <p className="mt-1 text-sm">
          {where.source === 'sos' ? 'Position sent with the SOS' : `Last known position (${where.source}, ${timeAgo(where.at)})`}:{' '}
          <span className="font-mono">
            {where.lat.toFixed(5)}, {where.lng.toFixed(5)}
          </span>
          {where.accuracy != null && ` (±${Math.round(where.accuracy)} m)`}{' '}
          <a className="font-semibold underline" href={mapLink(where.lat, where.lng)} target="_blank" rel="noreferrer">
            Open in a map
          </a>
        </p>
      ) : (
        <p className="mt-1 text-sm">No position known: call the team.</p>
      )}
      <Button
        className="mt-3"
        variant="destructive"
        size="sm"
        disabled={resolve.isPending}
        onClick={() =>
          resolve.mutate(alert.id, {
            onSuccess: () => toast({ title: 'SOS marked resolved', description: alert.teamName }),
            onError: (err) =>
              toast({ title: 'Error', description: errorMessage(err, 'Failed to mark the SOS resolved'), variant: 'destructive' }),
          })
        }
      >
        Mark resolved
      </Button>
    </li>
  );
}

/** Open SOS alerts, oldest first, each with where the team is and one tap to mark it dealt with. */
export function SosAlerts({ alerts }: { alerts: SosAlert[] }) {
  if (!alerts.length) return <p className="text-sm text-slate-600">No team has raised an SOS.</p>;
  return (
    <ul className="space-y-3" aria-label="Open SOS alerts">
      {alerts.map((alert) => (
        <SosCard key={alert.id} alert={alert} />
      ))}
    </ul>
  );
}
