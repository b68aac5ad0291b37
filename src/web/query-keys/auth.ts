/** Whether an e-mailed confirmation link is still good (the signed-in user is lib/auth's currentUserKey). */
export const authKeys = {
  verifyEmailStatus: (token: string | null) => ['/api/auth/verify-email/status', token],
} as const;
