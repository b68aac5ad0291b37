export const clueKeys = {
  all: ['/api/admin/clues'],
  photos: ['/api/admin/clues/photos'],
  standings: ['/api/admin/clues/standings'],
} as const;
