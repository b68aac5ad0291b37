import { arrivedLate } from '@common/sos-arrival';
import { rallyTime } from '@common/rally-time';
import { useRallySettings } from '../../lib/rally-settings';
import { useMyRallyStatus } from '../../features/control-room';

/**
 * What the organisers have done about the team's SOS, as the site says: when it was pressed and
 * reached them (if later), "Seen by the organisers at 14:07", then "Resolved at 14:40: <note>"
 * (kept until the end of that rally day). Times in the rally's zone, which the app's header names
 * once. Nothing while there is no SOS.
 */
export function SosStatus() {
  const { timeZone } = useRallySettings();
  const sos = useMyRallyStatus().data?.openSos;
  if (!sos) return null;
  const time = (iso: string) => rallyTime(iso, timeZone);
  const late = arrivedLate(sos.madeAt, sos.arrivedAt);
  return (
    <div role="status" aria-label="Your SOS" className="space-y-1 rounded-lg border border-red-200 p-3 text-sm text-navy-950">
      {late && (
        <p>
          Your SOS was pressed at {time(sos.madeAt)} and reached the organisers at {time(sos.arrivedAt)}.
        </p>
      )}
      {sos.resolvedAt ? (
        <p className="font-semibold text-green-800">
          Resolved at {time(sos.resolvedAt)}
          {sos.resolveNote ? `: ${sos.resolveNote}` : '.'}
        </p>
      ) : sos.seenAt ? (
        <p className="font-semibold">Seen by the organisers at {time(sos.seenAt)}. They will contact you.</p>
      ) : (
        <p>Not yet seen by the organisers.</p>
      )}
    </div>
  );
}
