export const credentialsKeys = {
  recipientCount: ['/api/admin/send-login-credentials/recipient-count'],
} as const;
