import { Link } from 'wouter';
import { CalendarDays, ExternalLink, Hourglass, Trophy } from 'lucide-react';
import { rallyConfig } from '@common/rally-config';
import { carDescription, personName, type PublicSignup } from '@common/schemas/public-team';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CarPhoto } from './car-photo';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** The donate page's team details and its route to donate (spec: donate page). */
export function TeamDonate({ team }: { team: PublicSignup }) {
  const coDriver = personName(team.coDriverFirstName, team.coDriverLastName);
  const car = carDescription(team);
  return (
    <Card className="overflow-hidden">
      <div className="grid md:grid-cols-5">
        <CarPhoto url={team.carImageUrl} alt={`The car of ${team.teamName}${car ? `, a ${car}` : ''}`} className="aspect-[16/10] w-full md:col-span-2 md:aspect-auto md:h-full" />
        <div className="p-6 sm:p-8 md:col-span-3">
          <p className="text-sm font-semibold uppercase tracking-widest text-rally-600">Sponsor this team</p>
          <h1 className="mt-1 font-display text-3xl font-bold text-navy-900 sm:text-4xl">{team.teamName}</h1>
          <dl className="mt-5 grid gap-4 sm:grid-cols-2">
            <Fact label="Driver" value={personName(team.driverFirstName, team.driverLastName) ?? 'TBC'} />
            {coDriver && <Fact label="Co-Driver" value={coDriver} />}
            {car && <Fact label="Car" value={car} />}
          </dl>
          <p className="mt-6 text-slate-700">
            This team is taking part in the {rallyConfig.productName} {rallyConfig.year}, a charity
            treasure-hunt road rally from {rallyConfig.startPort} to {rallyConfig.destination}, solving around {rallyConfig.cluesPerDay} clues
            a day across Europe. Every pound they raise goes to local charities in Jersey, so your donation makes every mile count.
          </p>
          <p className="mt-3 flex items-center gap-2 text-sm text-slate-500">
            <CalendarDays className="h-4 w-4" aria-hidden /> {rallyConfig.datesShort}
          </p>
          <div className="mt-8">
            {team.justGivingUrl ? (
              <a href={team.justGivingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
                Donate on JustGiving <ExternalLink className="h-4 w-4" aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              <div className="rounded-xl border border-gold-400/60 bg-gold-300/15 p-5">
                <h2 className="flex items-center gap-2 font-bold text-navy-900">
                  <Hourglass className="h-5 w-5 text-gold-600" aria-hidden /> Fundraising Page Coming Soon
                </h2>
                <p className="mt-1 text-sm text-slate-700">This team is still setting up their fundraising page. Please check back soon.</p>
                <Link href="/leaderboard" className={buttonClass('outline', 'md', 'mt-4')}>
                  <Trophy className="h-4 w-4" aria-hidden /> View Leaderboard
                </Link>
              </div>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
