export const justGivingKeys = {
  status: ['/api/admin/justgiving'],
} as const;
