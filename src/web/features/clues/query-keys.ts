export const clueKeys = {
  all: ['/api/admin/clues'],
  photos: ['/api/admin/clue-photos'],
  standings: ['/api/admin/clue-standings'],
} as const;
