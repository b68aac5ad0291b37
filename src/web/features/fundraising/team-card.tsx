import { Link } from 'wouter';
import { ExternalLink, Heart } from 'lucide-react';
import type { PublicTeam } from '@common/schemas/public-team';
import { carDescription } from '@common/car-description';
import { personName } from '@common/person-name';
import { buttonClass } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { CarPhoto } from './car-photo';
import { RallyPlate } from './rally-plate';
import { ProgressBar } from '../../components/ui/progress-bar';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="w-20 shrink-0 font-medium text-slate-500">{label}</dt>
      <dd className={value === 'TBC' ? 'italic text-slate-500' : 'text-slate-900'}>{value}</dd>
    </div>
  );
}

/** One registered team on /teams (spec: who's registered). */
export function TeamCard({ team, progress }: { team: PublicTeam; progress?: { raised: number; target: number } | null }) {
  const car = carDescription(team);
  const years = [...team.previousRallyYears].sort((a, b) => a - b);
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <CarPhoto
        url={team.carImageUrl}
        thumbnail
        alt={`The car of ${team.teamName}${car ? `, a ${car}` : ''}`}
        className="aspect-[16/10] w-full"
      />
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-xl font-bold text-navy-900 wrap-anywhere">{team.teamName}</h2>
        <dl className="mt-3 space-y-1 text-sm">
          <Detail label="Driver" value={personName(team.driverFirstName, team.driverLastName) ?? 'TBC'} />
          <Detail label="Co-Driver" value={personName(team.coDriverFirstName, team.coDriverLastName) ?? 'TBC'} />
          <Detail label="Car" value={car ?? 'TBC'} />
        </dl>
        {team.sponsors.length > 0 && (
          <div className="mt-4">
            <h3 className="text-xs font-semibold uppercase tracking-wider text-slate-500">Sponsors</h3>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {team.sponsors.map((s) => (
                <li key={`${s.name}-${s.url}`}>
                  <a
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-navy-700 underline-offset-4 hover:underline"
                  >
                    {s.name}
                    <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {years.length > 0 && (
          <div className="mt-4">
            <h3 className="text-xs font-semibold uppercase tracking-wider text-slate-500">Completed in...</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {years.map((y) => (
                <li key={y}>
                  <RallyPlate year={y} />
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="mt-auto pt-5">
          {progress ? (
            <ProgressBar
              raised={progress.raised}
              target={progress.target}
              label={`Fundraising progress of ${team.teamName}`}
              className="mb-4"
            />
          ) : progress === undefined ? (
            <Skeleton className="mb-4 h-8 w-full" data-testid="progress-skeleton" />
          ) : null}
          <Link href={`/donate/${team.id}`} className={buttonClass('primary', 'md', 'w-full')}>
            <Heart className="h-4 w-4" aria-hidden /> Donate<span className="sr-only"> to {team.teamName}</span>
          </Link>
        </div>
      </div>
    </Card>
  );
}

export function TeamCardSkeleton() {
  return (
    <Card className="overflow-hidden" data-testid="team-card-skeleton">
      <Skeleton className="aspect-[16/10] w-full rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-3/5" />
        <Skeleton className="mt-5 h-11 w-full" />
      </div>
    </Card>
  );
}
