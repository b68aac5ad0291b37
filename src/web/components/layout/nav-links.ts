import { useRallies } from '../../lib/rallies';
import type { RallySettings } from '@common/schemas/rally-settings';

/** The This Year menu (spec: navigation bar), "{year} {destination} Overview". */
export const thisYearLinks = (rallySettings: RallySettings) =>
  [
    { href: '/this-year', label: `${rallySettings.year} ${rallySettings.destination} Overview` },
    { href: '/teams', label: "Who's Registered" },
    { href: '/leaderboard', label: 'Fundraising' },
    { href: '/live', label: 'Live Rally' },
  ] as const;

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
