/** The hunt's public standings (GET /api/clues/standings), read by /live. */
export const liveKeys = {
  standings: ['/api/clues/standings'],
} as const;
