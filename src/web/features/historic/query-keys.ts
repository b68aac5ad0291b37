export const historicKeys = {
  records: ['/api/admin/historic-participants'],
} as const;
