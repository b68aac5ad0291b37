import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { errorMessage } from '../../lib/error-message';
import { useMyMessages } from './api';
import { isSubscribed, pushRegistration, subscribeToPush } from './push-subscribe';
import { controlRoomKeys } from '../../query-keys/control-room';
import { rallyDayTime } from '@common/rally-time';
import { useLiveStream } from '../../lib/live-stream';
import { useRallyTimeZone } from '../../lib/rally-settings';

/**
 * "Allow notifications": shown only where the browser can show them (Notification, Push and the
 * rally app's service worker); once allowed it says so.
 */
function AllowNotifications() {
  const [state, setState] = useState<'unknown' | 'unsupported' | 'off' | 'on' | 'denied' | 'working'>('unknown');
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    void (async () => {
      const next = !(await pushRegistration())
        ? 'unsupported'
        : (await isSubscribed())
          ? 'on'
          : Notification.permission === 'denied'
            ? 'denied'
            : 'off';
      if (live) setState(next);
    })();
    return () => {
      live = false;
    };
  }, []);
  if (state === 'unknown' || state === 'unsupported') return null;
  if (state === 'on') return <p className="text-sm text-slate-600">Notifications are on for this phone.</p>;
  if (state === 'denied')
    return (
      <p className="text-sm text-slate-600">
        Notifications are blocked for this site: allow them in the browser’s settings to get messages at once.
      </p>
    );
  return (
    <div className="space-y-1">
      <Button
        variant="outline"
        size="sm"
        disabled={state === 'working'}
        onClick={async () => {
          setState('working');
          setError('');
          try {
            const result = await subscribeToPush();
            setState(result === 'subscribed' ? 'on' : result === 'denied' ? 'denied' : 'unsupported');
          } catch (err) {
            setError(errorMessage(err, 'Notifications could not be turned on. Please try again.'));
            setState('off');
          }
        }}
      >
        <Bell aria-hidden className="h-4 w-4" /> Allow notifications
      </Button>
      {error && (
        <p role="alert" className="text-sm text-rally-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The organisers' messages in the rally app, newest first: to every team or to this one. New ones
 * come through the live stream's `messages.new` (unless `listen` is false, when the rally app passes
 * them on itself) and the minute's refetch.
 */
export function TeamMessages({ listen = true }: { listen?: boolean }) {
  const { data, isError } = useMyMessages();
  const queryClient = useQueryClient();
  const timeZone = useRallyTimeZone();
  useLiveStream(
    '/api/live-events',
    ({ kind }) => {
      if (kind === 'messages.new' || kind === 'live.resync') void queryClient.invalidateQueries({ queryKey: controlRoomKeys.myMessages });
    },
    listen,
  );
  return (
    <section aria-labelledby="team-messages-title" className="space-y-3">
      <h2 id="team-messages-title" className="text-lg font-bold text-navy-900">
        Messages from the organisers
      </h2>
      <AllowNotifications />
      {isError ? (
        <p className="text-rally-600">The messages could not be loaded. They will show when the phone has signal.</p>
      ) : !data ? (
        <div role="status" aria-label="Loading the messages">
          <Skeleton className="h-16 w-full" />
        </div>
      ) : !data.length ? (
        <p className="text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ul className="space-y-2">
          {data.map((m) => (
            <li key={m.id} className="rounded-lg border border-slate-200 p-3">
              <p className="text-xs text-slate-500">
                {rallyDayTime(m.sentAt, timeZone)} · {m.toAll ? 'To all teams' : 'To your team'}
              </p>
              <p className="whitespace-pre-line">{m.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
