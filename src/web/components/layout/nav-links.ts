import { useRallies } from '../../lib/rallies';
import { signupPossible } from '@common/season-phase';
import { useRallySettings } from '../../lib/rally-settings';
import { useSeasonStory } from '../../lib/season-story';

/**
 * The This Year menu (spec: navigation bar), "{year} {destination} Overview"; while the season is
 * being prepared its destination is last season's, copied, so the label names the year only.
 */
export function useThisYearLinks() {
  const rallySettings = useRallySettings();
  const preparing = useSeasonStory()?.phase === 'preparing';
  return [
    { href: '/this-year', label: `${rallySettings.year} ${preparing ? 'Rally' : rallySettings.destination} Overview` },
    { href: '/teams', label: "Who's Registered" },
    { href: '/leaderboard', label: 'Fundraising' },
    { href: '/live', label: 'Live Rally' },
  ] as const;
}

/** "Sign Up {year}" in the menus: only while a team can sign up (season-phase.ts signupPossible), null otherwise. */
export function useSignUpLabel(): string | null {
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  return story && signupPossible(story) ? `Sign Up ${rallySettings.year}` : null;
}

/** In-page scroll buttons: on the home page they scroll, elsewhere they go to /#section. */
export const sectionLinks = [
  { id: 'rally-stats', label: 'Stats' },
  { id: 'winners', label: 'Winners' },
  { id: 'history', label: 'History' },
] as const;

/** Previous Rallies menu, newest first; null while the list is loading. */
export function usePreviousRallyLinks(): { href: string; year: number; destination: string }[] | null {
  const { data } = useRallies();
  if (!data) return null;
  return [...data].sort((a, b) => b.year - a.year).map((r) => ({ href: `/rally/${r.year}`, year: r.year, destination: r.destination }));
}
