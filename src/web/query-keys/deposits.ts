export const depositsKeys = {
  settings: ['/api/deposits/settings'],
} as const;
