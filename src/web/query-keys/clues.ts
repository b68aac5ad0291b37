export const clueKeys = {
  all: ['/api/admin/clues'],
  photos: ['/api/admin/clues/photos'],
  standings: ['/api/admin/clues/standings'],
  /** The hunt's public standings (GET /api/clues/standings): /live and the rally app read them. */
  publicStandings: ['/api/clues/standings'],
  /** The address alone, so the server can prefetch it when it renders /rally/{year} (ssr-queries.ts). */
  story: (year: number) => [`/api/clues/${year}/story`],
} as const;
