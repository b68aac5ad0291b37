import { useId, useState } from 'react';
import { Copy, MapPin, Pause, Play } from 'lucide-react';
import type { MyTracking, PositionSource, TrackerAddress } from '@common/schemas/tracking';
import { rallyDayTime, zoneAbbreviation } from '@common/rally-time';
import { Card, Skeleton } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { useRallyTimeZone } from '../../lib/rally-settings';
import { toast } from '../../lib/toast';
import { useMyTracking, useNewTrackerAddress, useSetSharing } from './api';

const STATE_LINE: Record<MyTracking['state'], string> = {
  off: 'Sharing is off.',
  on: 'Sharing is on.',
  paused: 'Sharing is paused: nothing is stored or shown.',
};
const SOURCE_NAME: Record<PositionSource, string> = { app: 'the rally app', owntracks: 'OwnTracks', traccar: 'Traccar Client' };
/** A time in the rally's zone, named, as the card says no other time: "Thu 10 Sep, 14:05 CEST". */
const when = (iso: string, timeZone: string) => `${rallyDayTime(iso, timeZone)} ${zoneAbbreviation(timeZone, iso)}`;

/**
 * The dashboard's position sharing for the season's team: off until the driver or co-driver turns
 * it on, paused at any time, and the secret address for a tracker app, shown once when made.
 */
export function PositionSharingCard() {
  const tracking = useMyTracking();
  const setSharing = useSetSharing();
  const newAddress = useNewTrackerAddress();
  const [address, setAddress] = useState<TrackerAddress | null>(null);

  const toggle = (sharing: boolean) =>
    setSharing.mutate(sharing, {
      onError: (e) => toast({ title: 'Error', description: errorMessage(e, 'Sharing could not be changed'), variant: 'destructive' }),
    });
  const makeAddress = () =>
    newAddress.mutate(undefined, {
      onSuccess: setAddress,
      onError: (e) => toast({ title: 'Error', description: errorMessage(e, 'The address could not be made'), variant: 'destructive' }),
    });

  return (
    <Card className="space-y-4 p-5" aria-labelledby="sharing-title" role="region">
      <div>
        <h2 id="sharing-title" className="flex items-center gap-2 text-xl font-bold text-navy-900">
          <MapPin className="h-5 w-5" aria-hidden /> Share your position during the rally
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Supporters following the rally see your team on the live map, late and rounded to about 1 km
          {tracking.data ? ` (where you were at least ${tracking.data.publicDelayMinutes} minutes before)` : ''}. It stays off until you
          turn it on, and you can pause it at any time.
        </p>
      </div>
      {tracking.isLoading ? (
        <Skeleton className="h-24" aria-label="Loading position sharing" />
      ) : tracking.isError || !tracking.data ? (
        <p role="alert" className="text-sm text-rally-600">
          {errorMessage(tracking.error, 'Position sharing could not be loaded. Please refresh the page.')}
        </p>
      ) : (
        <>
          <SharingState tracking={tracking.data} busy={setSharing.isPending} onToggle={toggle} />
          <TrackerAddressSection tracking={tracking.data} address={address} busy={newAddress.isPending} onMake={makeAddress} />
        </>
      )}
    </Card>
  );
}

function SharingState({ tracking, busy, onToggle }: { tracking: MyTracking; busy: boolean; onToggle: (on: boolean) => void }) {
  const timeZone = useRallyTimeZone();
  const on = tracking.state === 'on';
  return (
    <div className="space-y-2">
      <p className="font-semibold text-navy-900" aria-live="polite">
        {STATE_LINE[tracking.state]}
      </p>
      <Button variant={on ? 'outline' : 'primary'} size="md" className="w-full sm:w-auto" disabled={busy} onClick={() => onToggle(!on)}>
        {on ? <Pause className="h-4 w-4" aria-hidden /> : <Play className="h-4 w-4" aria-hidden />}
        {on ? 'Pause sharing' : tracking.state === 'paused' ? 'Resume sharing' : 'Turn sharing on'}
      </Button>
      <p className="text-sm text-slate-600">
        {tracking.latest
          ? `Last position received: ${when(tracking.latest.recordedAt, timeZone)}, from ${SOURCE_NAME[tracking.latest.source]}.`
          : 'No position received yet.'}
      </p>
    </div>
  );
}

function TrackerAddressSection(props: { tracking: MyTracking; address: TrackerAddress | null; busy: boolean; onMake: () => void }) {
  const timeZone = useRallyTimeZone();
  const { tracking, address, busy, onMake } = props;
  const inputId = useId();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Copied', description: 'The tracker address is ready to paste into your tracker app.' });
    } catch {
      toast({ title: 'Copy it by hand', description: 'Your browser did not allow copying: select the address and copy it.' });
    }
  };
  return (
    <div className="space-y-3 border-t border-slate-100 pt-4">
      <h3 className="font-semibold text-navy-900">Share from a tracker app in the background</h3>
      <p className="text-sm text-slate-600">
        OwnTracks or Traccar Client can send your position while the rally app is closed, to a secret address of your team. Anyone with the
        address can post positions for your team, so keep it to your phones.
      </p>
      {address ? (
        <div className="space-y-2">
          <Label htmlFor={inputId}>Your tracker address (shown only now)</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id={inputId} readOnly value={address.url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="outline" onClick={() => void copy(address.url)}>
              <Copy className="h-4 w-4" aria-hidden /> Copy
            </Button>
          </div>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>
              <strong>OwnTracks</strong>: Settings, Connection, Mode <em>HTTP</em>; paste the address as the URL (Host on Android). Leave
              the user name and password empty.
            </li>
            <li>
              <strong>Traccar Client</strong>: paste the address as the <em>Server URL</em>, keep any device identifier, and start the
              service.
            </li>
          </ul>
          <p className="text-sm text-slate-600">We keep only a fingerprint of it: if you lose it, make a new one.</p>
        </div>
      ) : tracking.trackerAddressCreatedAt ? (
        <p className="text-sm text-slate-600">
          Your tracker address was made on {when(tracking.trackerAddressCreatedAt, timeZone)}. It is shown only when made: if you lost it,
          make a new one (the old one stops working).
        </p>
      ) : null}
      <Button variant="outline" size="md" className="w-full sm:w-auto" disabled={busy} onClick={onMake}>
        {tracking.trackerAddressCreatedAt || address ? 'Make a new tracker address' : 'Make a tracker address'}
      </Button>
    </div>
  );
}
