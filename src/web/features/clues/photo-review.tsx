import { useId, useState } from 'react';
import type { PendingPhoto } from '@common/schemas/clues';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { usePendingPhotos, usePhotoDecision } from './api';

/** A time as the organisers read the rally's clock: "Thu 10 Sept, 10:05". */
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
const mapLink = (lat: number, lng: number) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;

/** What the photo can be judged by: when it was taken and where, beside the clue's place and release. */
function Evidence({ photo }: { photo: PendingPhoto }) {
  const { position, place } = photo;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
      <dt className="text-slate-500">Taken</dt>
      <dd>
        {when(photo.answeredAt)} (phone&rsquo;s clock; received {when(photo.receivedAt)})
        {Date.parse(photo.answeredAt) < Date.parse(photo.releaseAt) && <strong className="text-rally-600"> before the release</strong>}
      </dd>
      <dt className="text-slate-500">Released</dt>
      <dd>{when(photo.releaseAt)}</dd>
      <dt className="text-slate-500">Where</dt>
      <dd>
        {position ? (
          <>
            <a className="underline" href={mapLink(position.lat, position.lng)} target="_blank" rel="noreferrer">
              {position.lat.toFixed(5)}, {position.lng.toFixed(5)}
            </a>
            {position.accuracy != null && ` (±${Math.round(position.accuracy)} m)`}: {photo.distanceMetres} m from {place.name}
            {photo.distanceMetres != null && photo.distanceMetres <= place.radiusMetres ? ', within its radius' : ', outside its radius'} (
            {place.radiusMetres} m)
          </>
        ) : (
          `The phone gave no position. The place: ${place.name}.`
        )}
      </dd>
    </dl>
  );
}

function PhotoCard({ photo }: { photo: PendingPhoto }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const decide = usePhotoDecision();
  const send = (reject: boolean) =>
    decide.mutate(
      { id: photo.id, ...(reject ? { reason } : {}) },
      {
        onSuccess: () =>
          toast({ title: reject ? 'Photo rejected' : 'Photo approved', description: `${photo.teamName}: ${photo.clueTitle}` }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to save the decision'), variant: 'destructive' }),
      },
    );
  return (
    <li className="flex flex-wrap gap-3 border-t border-slate-100 py-3">
      <a href={photo.photoUrl} target="_blank" rel="noreferrer">
        <img src={photo.photoUrl} alt={`${photo.teamName}'s photo for ${photo.clueTitle}`} className="w-40 rounded" />
      </a>
      <div className="space-y-2">
        <p className="font-semibold text-navy-900">
          {photo.teamName} · Day {photo.day}: {photo.clueTitle}
        </p>
        <Evidence photo={photo} />
        <div className="flex flex-wrap items-end gap-2">
          <Button size="sm" disabled={decide.isPending} onClick={() => send(false)}>
            Approve
          </Button>
          <div className="flex-1">
            <Label htmlFor={`${id}-reason`}>Reason to reject</Label>
            <Input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => send(true)}>
            Reject
          </Button>
        </div>
      </div>
    </li>
  );
}

/** Photo answers waiting for an organiser: approve, or reject with the reason the team will read. */
export function PhotoReview() {
  const { data, isError } = usePendingPhotos();
  if (isError) return <p className="text-rally-600">The photos could not be loaded. Please refresh the page.</p>;
  if (!data)
    return (
      <div role="status" aria-label="Loading the photos">
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (!data.length) return <p className="text-sm text-slate-600">No photos are waiting.</p>;
  return (
    <ul>
      {data.map((photo) => (
        <PhotoCard key={photo.id} photo={photo} />
      ))}
    </ul>
  );
}
