import { usePastRallyMenu } from '../../lib/past-rallies';
import { signupPossible } from '@common/season-phase';
import { useRallySettings } from '../../lib/rally-settings';
import { useSeasonStory } from '../../lib/season-story';

/**
 * What the menus say of the season (season-phase.ts): the This Year menu (spec: navigation bar),
 * "{year} {destination} Overview" (while the season is being prepared its destination is last
 * season's, copied, so the label names the year only), and "Sign Up {year}" only while a team can
 * sign up (null otherwise).
 */
export function useSeasonMenu() {
  const { year, destination } = useRallySettings();
  const story = useSeasonStory();
  const thisYearLinks = [
    { href: '/this-year', label: `${year} ${story?.phase === 'preparing' ? 'Rally' : destination} Overview` },
    { href: '/teams', label: "Who's Registered" },
    { href: '/leaderboard', label: 'Fundraising' },
    { href: '/live', label: 'Live Rally' },
  ];
  return { thisYearLinks, signUp: story && signupPossible(story) ? `Sign Up ${year}` : null };
}

/** In-page scroll buttons: on the home page they scroll, elsewhere they go to /#section. */
export const sectionLinks = [
  { id: 'rally-stats', label: 'Stats' },
  { id: 'winners', label: 'Winners' },
  { id: 'history', label: 'History' },
] as const;

/** Previous Rallies menu, newest first; null while the list is loading. */
export function usePreviousRallyLinks(): { href: string; year: number; destination: string }[] | null {
  const { data } = usePastRallyMenu();
  return data?.map((r) => ({ href: `/rally/${r.year}`, year: r.year, destination: r.destination })) ?? null;
}
