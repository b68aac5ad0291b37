import { useQuery } from '@tanstack/react-query';
import type { LeaderboardEntry, PublicSignup, PublicTeamPage } from '@common/schemas/public-team';
import { getJson, isStatus } from '../../lib/api';

/** Paths of the public fundraising answers; mutations elsewhere invalidate through these keys. */
export const publicSignupsKey = ['/api/signups'] as const;
export const leaderboardKey = ['/api/leaderboard'] as const;
export const publicSignupKey = (id: number) => [`/api/public/signup/${id}`] as const;

export const usePublicSignups = () => useQuery<PublicSignup[]>({ queryKey: publicSignupsKey });

export const useLeaderboard = () => useQuery<LeaderboardEntry[]>({ queryKey: leaderboardKey });

/** One team; null when the server knows no such team (404), an error for anything else. */
export function usePublicSignup(id: number | null) {
  return useQuery<PublicTeamPage | null>({
    queryKey: publicSignupKey(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      try {
        return await getJson<PublicTeamPage>(`/api/public/signup/${id}`);
      } catch (err) {
        if (isStatus(err, 404)) return null;
        throw err;
      }
    },
  });
}

/** The leaderboard's headline figures, from the entries themselves. */
export function leaderboardSummary(entries: LeaderboardEntry[]) {
  return {
    totalRaised: entries.reduce((sum, e) => sum + e.donationTotal, 0),
    teamsWithDonations: entries.filter((e) => e.donationTotal > 0).length,
  };
}

export const donationCountLabel = (count: number) => `${count} ${count === 1 ? 'donation' : 'donations'}`;
