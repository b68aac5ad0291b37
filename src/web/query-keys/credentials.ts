export const credentialsKeys = {
  recipientCount: ['/api/admin/credentials/recipient-count'],
} as const;
