export const depositsKeys = {
  settings: ['/api/deposit-settings'],
} as const;
