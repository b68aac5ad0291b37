import { useMemo } from 'react';
import { CalendarDays, ExternalLink, Heart } from 'lucide-react';
import { rallyDates } from '@common/rally-dates';
import { moneyStory } from '@common/money-story';
import { rallyFinished } from '@common/season-phase';
import { useRallySettings } from '../../lib/rally-settings';
import { useSeasonStory } from '../../lib/season-story';
import type { PublicTeamPage } from '@common/schemas/public-team';
import { carDescription } from '@common/car-description';
import { personName } from '@common/person-name';
import { Card } from '../../components/ui/card';
import { ProgressBar } from '../../components/ui/progress-bar';
import { CarPhoto } from './car-photo';
import { WAYS_TO_GIVE_ID, WaysToGive } from './ways-to-give';
import { ShareButton } from '../../components/share-button';
import { donatePageUrl } from '../../lib/share';
import { buttonClass } from '../../components/ui/button';
import { SupportersWall, SUPPORTERS_WALL_ID } from './supporters-wall';
import { HydrateWhenSeen } from '../../lib/hydrate-when-seen';
import { donationCountLabel } from './api';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** The team's own online page in a new tab; without one, the ways to give further down this page. */
export function DonateButton({ team }: { team: PublicTeamPage }) {
  const className = buttonClass('primary', 'md', 'shrink-0');
  return team.justGivingUrl ? (
    <a href={team.justGivingUrl} target="_blank" rel="noopener noreferrer" className={className}>
      <Heart className="h-4 w-4" aria-hidden /> Donate<span className="sr-only"> to {team.teamName} (opens in a new tab)</span>
    </a>
  ) : (
    <a href={`#${WAYS_TO_GIVE_ID}`} className={className}>
      <Heart className="h-4 w-4" aria-hidden /> Donate<span className="sr-only"> to {team.teamName}</span>
    </a>
  );
}

/** The donate page: the team, its story, its progress, its sponsors and every way to give. */
export function TeamDonate({ team }: { team: PublicTeamPage }) {
  // The wall has nothing to press and sits below the first screen: hydrated as it nears it; made
  // once per answer, so a re-render of the page leaves it waiting as it is.
  const supportersWall = useMemo(
    () => (
      <HydrateWhenSeen id={SUPPORTERS_WALL_ID}>
        <SupportersWall supporters={team.supporters} />
      </HydrateWhenSeen>
    ),
    [team.supporters],
  );
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  // The team's own year: this season's (its facts, unless still being prepared), or an earlier one's, over.
  const thisSeason = team.rallyYear === rallySettings.year;
  const factsKnown = thisSeason && story?.phase !== 'preparing';
  const over = !thisSeason || (!!story && rallyFinished(story));
  const coDriver = personName(team.coDriverFirstName, team.coDriverLastName);
  const car = carDescription(team);
  return (
    <Card className="overflow-hidden">
      <div className="grid md:grid-cols-5">
        <CarPhoto
          url={team.carImageUrl}
          alt={`The car of ${team.teamName}${car ? `, a ${car}` : ''}`}
          className="aspect-[16/10] w-full md:col-span-2 md:aspect-auto md:h-full"
        />
        <div className="p-6 sm:p-8 md:col-span-3">
          <p className="text-sm font-semibold uppercase tracking-widest text-rally-600">Sponsor this team</p>
          <h1 className="mt-1 font-display text-3xl font-bold text-navy-900 wrap-anywhere sm:text-4xl">{team.teamName}</h1>
          {/* The Donate button sits beside the bar so a donor on a phone sees it without scrolling. */}
          <div className="mt-4 flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <ProgressBar raised={team.donationTotal} target={team.target} label={`Fundraising progress of ${team.teamName}`} />
              <p className="mt-0.5 text-xs text-slate-500">{donationCountLabel(team.donationCount)}</p>
            </div>
            <DonateButton team={team} />
          </div>
          <div className="mt-3 flex flex-wrap gap-3">
            <ShareButton
              size="sm"
              data={() => ({
                title: `Sponsor ${team.teamName}`,
                text: `Sponsor ${team.teamName} on the ${rallySettings.productName} ${team.rallyYear}, raising money for Jersey charities.`,
                url: donatePageUrl(team.id),
              })}
            />
          </div>
          <dl className="mt-5 grid gap-4 sm:grid-cols-2">
            <Fact label="Driver" value={personName(team.driverFirstName, team.driverLastName) ?? 'TBC'} />
            {coDriver && <Fact label="Co-Driver" value={coDriver} />}
            {car && <Fact label="Car" value={car} />}
          </dl>
          {team.story ? (
            <section aria-labelledby="team-story" className="mt-6">
              <h2 id="team-story" className="text-lg font-bold text-navy-900">
                Our story
              </h2>
              {/* Plain text: React escapes it, and pre-line keeps the team's line breaks. */}
              <p className="mt-1 whitespace-pre-line break-words text-slate-700">{team.story}</p>
            </section>
          ) : (
            <p className="mt-6 text-slate-700">
              {over
                ? `This team took part in the ${rallySettings.productName} ${team.rallyYear}, a charity treasure-hunt road rally across Europe.`
                : factsKnown
                  ? `This team is taking part in the ${rallySettings.productName} ${team.rallyYear}, a charity treasure-hunt road rally from ${rallySettings.startPort} to ${rallySettings.destination}, solving around ${rallySettings.cluesPerDay} clues a day across Europe.`
                  : `This team is taking part in the ${rallySettings.productName} ${team.rallyYear}, a charity treasure-hunt road rally across Europe.`}{' '}
              {thisSeason && moneyStory(rallySettings).donorText}
            </p>
          )}
          {factsKnown && (
            <p className="mt-3 flex items-center gap-2 text-sm text-slate-500">
              <CalendarDays className="h-4 w-4" aria-hidden /> {rallyDates(rallySettings)}
            </p>
          )}
          {team.sponsors.length > 0 && (
            <section aria-labelledby="team-sponsors" className="mt-6">
              <h2 id="team-sponsors" className="text-lg font-bold text-navy-900">
                Sponsors
              </h2>
              <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {team.sponsors.map((s) => (
                  <li key={`${s.name}-${s.url}`}>
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 font-medium text-navy-700 underline-offset-4 hover:underline"
                    >
                      {s.name} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="mt-8">
            <WaysToGive teamId={team.id} teamName={team.teamName} justGivingUrl={team.justGivingUrl} />
          </div>
        </div>
      </div>
      {supportersWall}
    </Card>
  );
}
