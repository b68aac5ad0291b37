import type { QueryKey } from '@tanstack/react-query';
import { parseTeamId } from '@common/schemas/params';
import { clueKeys } from './query-keys/clues';
import { rallyAppKeys } from './query-keys/rally-app';
import { currentUserKey } from './lib/auth';
import { fundraisingKeys } from './query-keys/fundraising';
import { privacyKeys } from './query-keys/privacy';
import { participantsKeys } from './query-keys/participants';
import { statsKey, testimonialsKey } from './lib/home-page';
import { pastRalliesKey, pastRallyMenuKey } from './lib/past-rallies';
import { registrationStatusKey } from './lib/registration-status';
import { routesKey } from './lib/routes';
import { winnersKey } from './lib/winners';

type Params = Record<string, string | undefined>;

/**
 * The pages the server renders (entry-server.tsx), by their path in routes.tsx, each with the
 * queries it prefetches: the public ones its first view reads. A query left out here is not
 * wrong, only slower: the page shows it loading and the browser fetches it. Kept apart from
 * routes.tsx so none of this is sent to the browser. Every page has the navigation bar, which
 * lists the past rallies.
 */
export const ssrQueries: Record<string, (params: Params) => QueryKey[]> = {
  '/': () => [statsKey, winnersKey, participantsKeys.participants, testimonialsKey, pastRalliesKey],
  '/about': () => [],
  '/privacy': () => [privacyKeys.info],
  '/rally': () => [routesKey, pastRalliesKey],
  '/rally/:year': ({ year }) =>
    year && /^\d{4}$/.test(year) ? [routesKey, pastRalliesKey, clueKeys.story(Number(year))] : [routesKey, pastRalliesKey],
  '/this-year': () => [routesKey],
  '/teams': () => [fundraisingKeys.publicTeams, fundraisingKeys.leaderboard],
  '/leaderboard': () => [fundraisingKeys.leaderboard],
  '/donate/:signupId': ({ signupId }) => {
    const id = parseTeamId(signupId);
    return id === null ? [] : [fundraisingKeys.team(id)];
  },
  '/signup': () => [privacyKeys.info],
  // The page's frame and what it says of the season; the standings, map and updates change from
  // one minute to the next (kept apart from the page's version), so the browser reads them.
  '/live': () => [],
  // The team's own reads: only the visitor's own request can answer them (plugins/web-app.ts renders
  // this page for each signed-in visitor and keeps none); for anyone else the page is drawn loading.
  '/rally-app': () => [currentUserKey, rallyAppKeys.myClues],
  '/login': () => [],
  '/forgot-password': () => [],
};

/**
 * Every server-rendered page's navigation bar reads these: the past rallies' menu (years and
 * destinations only: the whole list, with its galleries, goes only with the pages that show it),
 * and the season's story (lib/season-story.ts).
 */
export const ssrQueriesOfEveryPage: QueryKey[] = [pastRallyMenuKey, registrationStatusKey];
