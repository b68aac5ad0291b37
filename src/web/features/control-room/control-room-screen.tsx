import type { ReactNode } from 'react';
import { timesAreIn } from '@common/rally-time';
import { Card, Skeleton } from '../../components/ui/card';
import { useRallySettings } from '../../lib/rally-settings';
import { seasonNow } from '../../lib/season-clock';
import { clueKeys } from '../../query-keys/clues';
import { useControlRoom } from './api';
import { useControlRoomLiveUpdates } from './live-updates';
import { MessageTeamsForm } from './message-teams-form';
import { SosAlerts } from './sos-alerts';
import { TeamCards } from './team-cards';
import { useSosTabAlert } from './use-sos-tab-alert';

const LIVE_EXTRA_KEYS = [clueKeys.photos];

/**
 * The organisers' control room: SOS on top, then the teams, photos awaiting approval and messages.
 * Every time is in the rally's zone, named once at the top. The photos are the clues feature's
 * review, which the page passes in as `photoReview`.
 */
export function ControlRoomScreen({ photoReview }: { photoReview: ReactNode }) {
  const { data, isError } = useControlRoom();
  const settings = useRallySettings();
  const timeZone = data?.timeZone ?? settings.timeZone;
  useControlRoomLiveUpdates(LIVE_EXTRA_KEYS);
  useSosTabAlert(data?.sos.length ?? 0);
  if (isError) return <p className="text-rally-600">The control room could not be loaded. Please refresh the page.</p>;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{timesAreIn(timeZone, seasonNow())}</p>
      <section aria-labelledby="sos-heading">
        <h2 id="sos-heading" className="mb-2 text-lg font-bold text-navy-900">
          SOS alerts
        </h2>
        {data ? (
          <SosAlerts alerts={data.sos} timeZone={timeZone} />
        ) : (
          <div role="status" aria-label="Loading the SOS alerts">
            <Skeleton className="h-16 w-full" />
          </div>
        )}
      </section>
      <Card className="p-4 sm:p-5">
        <section aria-labelledby="teams-heading">
          <h2 id="teams-heading" className="mb-2 text-lg font-bold text-navy-900">
            Teams
          </h2>
          {data ? (
            <TeamCards room={data} />
          ) : (
            <div role="status" aria-label="Loading the teams">
              <Skeleton className="h-40 w-full" />
            </div>
          )}
        </section>
      </Card>
      <Card className="p-4 sm:p-5">
        <h2 className="mb-2 text-lg font-bold text-navy-900">Photos awaiting approval</h2>
        {photoReview}
      </Card>
      <Card className="p-4 sm:p-5">
        <h2 className="mb-2 text-lg font-bold text-navy-900">Message teams</h2>
        {data ? (
          <MessageTeamsForm teams={data.teams} />
        ) : (
          <div role="status" aria-label="Loading the teams">
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </Card>
    </div>
  );
}
