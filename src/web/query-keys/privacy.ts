export const privacyKeys = {
  info: ['/api/privacy'],
} as const;
