import { registrationClosedText, seasonPhase, type SeasonPhase } from '@common/season-phase';
import { useRallySettings } from '../../lib/rally-settings';
import { seasonNow } from '../../lib/season-clock';
import { ResultsLink } from '../../components/results-link';

/** The current season's phase (season-phase.ts), read when the page renders. */
export const useSeasonPhase = (): SeasonPhase => seasonPhase(useRallySettings(), seasonNow());

/** Register Now is offered while registration is open or about to open. */
export const registrationAhead = (phase: SeasonPhase) => phase === 'open' || phase === 'not-open';

/**
 * What the public pages say when the season is not taking teams: the rally is being prepared
 * (a new season under review), under way, or finished (with its results).
 */
export function SeasonNotice({ className }: { className?: string }) {
  const rallySettings = useRallySettings();
  const phase = useSeasonPhase();
  const { year } = rallySettings;
  if (phase === 'finished')
    return (
      <p role="status" className={className}>
        The {year} rally has finished. <ResultsLink year={year} className="font-semibold text-gold-300 underline underline-offset-2" />
      </p>
    );
  if (phase === 'preparing')
    return (
      <p role="status" className={className}>
        {registrationClosedText(year, phase, rallySettings.registrationOpensAt, seasonNow())}
      </p>
    );
  if (phase === 'under-way')
    return (
      <p role="status" className={className}>
        The {year} rally is under way.
      </p>
    );
  return null;
}
