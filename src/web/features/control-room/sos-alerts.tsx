import { useId, useState } from 'react';
import { AlertTriangle, Phone } from 'lucide-react';
import type { SosAlert } from '@common/schemas/control-room';
import { arrivedLate } from '@common/sos-arrival';
import { mapLink } from '@common/map-link';
import { rallyTime } from '@common/rally-time';
import { Button } from '../../components/ui/button';
import { Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useResolveSos, useSeeSos } from './api';
import { timeAgo } from './time-ago';

/** A number to call, as a link a phone dials. */
function Call({ label, name, phone }: { label: string; name: string; phone: string }) {
  return (
    <>
      <dt className="text-red-900/80">{label}</dt>
      <dd>
        {name}:{' '}
        <a className="inline-flex items-center gap-1 font-semibold underline" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          <Phone aria-hidden className="h-3.5 w-3.5" />
          {phone}
        </a>
      </dd>
    </>
  );
}

function ResolveForm({ alert, onDone }: { alert: SosAlert; onDone: () => void }) {
  const id = useId();
  const resolve = useResolveSos();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!note.trim()) return setMissing(true);
        resolve.mutate(
          { id: alert.id, note: note.trim() },
          {
            onSuccess: () => {
              toast({ title: 'SOS marked resolved', description: alert.teamName });
              onDone();
            },
            onError: (err) =>
              toast({ title: 'Error', description: errorMessage(err, 'Failed to mark the SOS resolved'), variant: 'destructive' }),
          },
        );
      }}
    >
      <Label htmlFor={`${id}-note`}>How was it resolved? (the team reads this)</Label>
      <Textarea
        id={`${id}-note`}
        rows={2}
        maxLength={500}
        value={note}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        onChange={(e) => {
          setNote(e.target.value);
          setMissing(false);
        }}
      />
      {missing && (
        <p id={`${id}-missing`} className="text-sm text-rally-600">
          Please say how the SOS was resolved.
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="destructive" size="sm" disabled={resolve.isPending}>
          Resolve with this note
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function SosCard({ alert, timeZone }: { alert: SosAlert; timeZone: string }) {
  const see = useSeeSos();
  const [resolving, setResolving] = useState(false);
  const where = alert.position;
  const time = (iso: string) => rallyTime(iso, timeZone);
  const late = arrivedLate(alert.madeAt, alert.arrivedAt);
  return (
    <li className="rounded-lg border-2 border-rally-600 bg-red-50 p-4 text-red-950">
      <p className="flex items-center gap-2 text-lg font-bold">
        <AlertTriangle aria-hidden className="h-5 w-5" /> SOS: {alert.teamName}
      </p>
      <p className="text-sm">
        Pressed at {time(alert.madeAt)} ({timeAgo(alert.madeAt)})
        {late && <>; reached the site at {time(alert.arrivedAt)} (no signal until then)</>}
        {alert.repeatedAt && <>; pressed again at {time(alert.repeatedAt)}</>}
      </p>
      {alert.note && <p className="mt-1">“{alert.note}”</p>}
      {where ? (
        <p className="mt-1 text-sm">
          {where.source === 'sos'
            ? `Position sent with the SOS at ${time(where.at)}`
            : `Last known position (${where.source}, at ${time(where.at)})`}{' '}
          ({timeAgo(where.at)}):{' '}
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
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" aria-label="People to call">
        <Call label="Driver" name={alert.driver.name} phone={alert.driver.phone} />
        {alert.coDriver && <Call label="Co-driver" name={alert.coDriver.name} phone={alert.coDriver.phone} />}
        <Call
          label="Emergency contact"
          name={`${alert.emergencyContact.name} (${alert.emergencyContact.relationship})`}
          phone={alert.emergencyContact.phone}
        />
      </dl>
      {alert.seenAt ? (
        <p className="mt-2 text-sm font-semibold">
          Seen by {alert.seenBy ?? 'an organiser'} at {time(alert.seenAt)}: the team has been told.
        </p>
      ) : (
        <p className="mt-2 text-sm font-semibold">
          Not yet seen by an organiser.
          {alert.escalatedAt && ` E-mailed again to every organiser at ${time(alert.escalatedAt)}.`}
        </p>
      )}
      {resolving ? (
        <ResolveForm alert={alert} onDone={() => setResolving(false)} />
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {!alert.seenAt && (
            <Button
              size="sm"
              disabled={see.isPending}
              onClick={() =>
                see.mutate(alert.id, {
                  onError: (err) =>
                    toast({ title: 'Error', description: errorMessage(err, 'Failed to mark the SOS seen'), variant: 'destructive' }),
                })
              }
            >
              I’ve seen it
            </Button>
          )}
          <Button variant="destructive" size="sm" onClick={() => setResolving(true)}>
            Mark resolved
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Open SOS alerts, oldest first: when pressed (and arrived), where the team is, whom to call, and
 * "I've seen it" (the team is told; an SOS nobody sees is e-mailed again) and "Mark resolved" with
 * a note for the team.
 */
export function SosAlerts({ alerts, timeZone }: { alerts: SosAlert[]; timeZone: string }) {
  if (!alerts.length) return <p className="text-sm text-slate-600">No team has raised an SOS.</p>;
  return (
    <ul className="space-y-3" aria-label="Open SOS alerts">
      {alerts.map((alert) => (
        <SosCard key={alert.id} alert={alert} timeZone={timeZone} />
      ))}
    </ul>
  );
}
