/** The rally app's reads: the team's clues and score, and the public standings. */
export const rallyAppKeys = {
  myRally: ['/api/my-clues'],
  standings: ['/api/clues/standings'],
} as const;
