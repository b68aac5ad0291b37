import { useQuery } from '@tanstack/react-query';
import type { LeaderboardEntry, PublicSignup } from '@common/schemas/public-team';
import { getJson, isStatus } from '../../lib/api';

/** Paths of the public fundraising answers; mutations elsewhere invalidate through these keys. */
export const publicSignupsKey = ['/api/signups'] as const;
export const leaderboardKey = ['/api/leaderboard'] as const;
export const publicSignupKey = (id: number) => [`/api/public/signup/${id}`] as const;

export const usePublicSignups = () => useQuery<PublicSignup[]>({ queryKey: publicSignupsKey });

export const useLeaderboard = () => useQuery<LeaderboardEntry[]>({ queryKey: leaderboardKey });

/** One team; null when the server knows no such team (404), an error for anything else. */
export function usePublicSignup(id: number | null) {
  return useQuery<PublicSignup | null>({
    queryKey: publicSignupKey(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      try {
        return await getJson<PublicSignup>(`/api/public/signup/${id}`);
      } catch (err) {
        if (isStatus(err, 404)) return null;
        throw err;
      }
    },
  });
}

/** The spec's signupId: parsed as an integer; null when it is not one. */
export function parseSignupId(raw: string | null | undefined): number | null {
  const id = Number.parseInt(raw ?? '', 10);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The leaderboard's headline figures, from the entries themselves. */
export function leaderboardSummary(entries: LeaderboardEntry[]) {
  return {
    totalRaised: entries.reduce((sum, e) => sum + e.donationTotal, 0),
    teamsWithDonations: entries.filter((e) => e.donationTotal > 0).length,
  };
}

export const donationCountLabel = (count: number) => `${count} ${count === 1 ? 'donation' : 'donations'}`;
