/**
 * The public fundraising answers. Each key is the answer's address alone, the form the server
 * rendering fills in (entry-server.tsx); changes to teams or donations elsewhere invalidate these.
 */
export const fundraisingKeys = {
  publicTeams: ['/api/fundraising/teams'],
  leaderboard: ['/api/fundraising/leaderboard'],
  team: (id: number) => [`/api/fundraising/teams/${id}`],
} as const;
