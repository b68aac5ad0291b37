import { Link } from 'wouter';
import { Smartphone } from 'lucide-react';
import type { RallySettings } from '@common/schemas/rally-settings';
import { daysUntil, localDate } from '@common/countdown';
import { Card } from '../../components/ui/card';
import { buttonClass } from '../../components/ui/button';

/** The link shows from a week before the rally's first day to its last day. */
const DAYS_BEFORE = 7;

/** Whether the season's rally is on or near (Jersey's calendar days). */
export function rallyAppIsNear(settings: Pick<RallySettings, 'rallyStart' | 'rallyEnd'>, now: Date): boolean {
  return daysUntil(settings.rallyStart, now) <= DAYS_BEFORE && localDate(now) <= settings.rallyEnd;
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
