export const historicKeys = {
  records: ['/api/admin/historic/records'],
} as const;
