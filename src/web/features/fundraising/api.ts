import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardEntry, PublicTeam, PublicTeamPage } from '@common/schemas/public-team';
import { getJson } from '../../lib/api';
import { isStatus } from '../../lib/error-message';
import { fundraisingKeys } from '../../query-keys/fundraising';

export const publicTeamsQuery = () => queryOptions<PublicTeam[]>({ queryKey: fundraisingKeys.publicTeams });
export const usePublicTeams = () => useQuery(publicTeamsQuery());

export const leaderboardQuery = () => queryOptions<LeaderboardEntry[]>({ queryKey: fundraisingKeys.leaderboard });
export const useLeaderboard = () => useQuery(leaderboardQuery());

/** One team; null when the server knows no such team (404), an error for anything else. */
export const publicTeamQuery = (id: number | null) =>
  queryOptions<PublicTeamPage | null>({
    queryKey: fundraisingKeys.team(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      try {
        return await getJson<PublicTeamPage>(`/api/fundraising/teams/${id}`);
      } catch (err) {
        if (isStatus(err, 404)) return null;
        throw err;
      }
    },
  });
export const usePublicTeam = (id: number | null) => useQuery(publicTeamQuery(id));

/** The leaderboard's headline figures, from the entries themselves. */
export function leaderboardSummary(entries: LeaderboardEntry[]) {
  return {
    totalRaised: entries.reduce((sum, e) => sum + e.donationTotal, 0),
    teamsWithDonations: entries.filter((e) => e.donationTotal > 0).length,
  };
}

export const donationCountLabel = (count: number) => `${count} ${count === 1 ? 'donation' : 'donations'}`;
