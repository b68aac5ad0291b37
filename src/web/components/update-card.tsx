import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Heart } from 'lucide-react';
import type { PublicTeamUpdate } from '@common/schemas/team-updates';
import { rallyDayTime } from '@common/rally-time';
import { buttonClass } from './ui/button';
import { useRallyTimeZone } from '../lib/rally-settings';

/** A link to the team's donate page, the Donate button of /live's updates. */
export function DonateLink({ update }: { update: Pick<PublicTeamUpdate, 'signupId' | 'teamName'> }) {
  return (
    <Link href={`/donate/${update.signupId}`} className={buttonClass('primary', 'sm')}>
      <Heart className="h-4 w-4" aria-hidden /> Donate<span className="sr-only"> to {update.teamName}</span>
    </Link>
  );
}

/** One update: its photo, the team (when the list has several teams'), the time, the words and a Donate button. */
export function UpdateCard({ update, showTeam, donate }: { update: PublicTeamUpdate; showTeam: boolean; donate: ReactNode }) {
  const timeZone = useRallyTimeZone();
  return (
    <li className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <article aria-label={`Update from ${update.teamName}`}>
        {update.photoUrl && (
          <img src={update.photoUrl} alt={`Photo from ${update.teamName}`} loading="lazy" className="aspect-[4/3] w-full object-cover" />
        )}
        <div className="space-y-2 p-4">
          <p className="text-xs text-slate-500">
            {showTeam && (
              <Link href={`/donate/${update.signupId}`} className="font-semibold text-navy-800 hover:underline">
                {update.teamName}
              </Link>
            )}
            {showTeam && ' · '}
            <time dateTime={update.createdAt}>{rallyDayTime(update.createdAt, timeZone)}</time>
          </p>
          {/* Plain text: React escapes it, and pre-line keeps the team's line breaks. */}
          <p className="whitespace-pre-line break-words text-slate-800">{update.body}</p>
          <div>{donate}</div>
        </div>
      </article>
    </li>
  );
}
