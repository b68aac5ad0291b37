import { Link } from 'wouter';
import { Smartphone } from 'lucide-react';
import type { RallySettings } from '@common/schemas/rally-settings';
import { daysUntil } from '@common/countdown';
import { rallyDate } from '@common/rally-calendar-day';
import { DEFAULT_RALLY_TIME_ZONE } from '@common/rally-time-zone';
import { Card } from '../../components/ui/card';
import { buttonClass } from '../../components/ui/button';

/** The link shows from a week before the rally's first day to its last day. */
const DAYS_BEFORE = 7;

/** Whether the season's rally is on or near (calendar days in the rally's time zone). */
export function rallyAppIsNear(
  settings: Pick<RallySettings, 'rallyStart' | 'rallyEnd'> & Partial<Pick<RallySettings, 'timeZone'>>,
  now: Date,
): boolean {
  const timeZone = settings.timeZone ?? DEFAULT_RALLY_TIME_ZONE;
  return daysUntil(settings.rallyStart, now, timeZone) <= DAYS_BEFORE && rallyDate(now, timeZone) <= settings.rallyEnd;
}

/** The dashboard's way to the rally app, for a team of the season while its rally is on or near. */
export function RallyAppLinkCard() {
  return (
    <Card className="space-y-3 p-5" role="region" aria-labelledby="rally-app-link-title">
      <h2 id="rally-app-link-title" className="flex items-center gap-2 text-xl font-bold text-navy-900">
        <Smartphone className="h-5 w-5" aria-hidden /> The rally app
      </h2>
      <p className="text-slate-600">
        Your clues, answers, score and the standings on your phone during the rally. Add it to your home screen: it keeps working where
        there is no signal.
      </p>
      <Link href="/rally-app" className={buttonClass('primary', 'lg')}>
        Open the rally app
      </Link>
    </Card>
  );
}
