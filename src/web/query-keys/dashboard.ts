/**
 * The rallier's own data. The dashboard's state (GET /api/my-dashboard) is `mine`; the page after a
 * deposit payment polls it under its own key, below `mine`, so refreshing `mine` refreshes both.
 */
export const dashboardKeys = {
  mine: ['/api/my-dashboard'],
  afterPayment: ['/api/my-dashboard', 'after-payment'],
  donations: ['/api/my-dashboard/donations'],
  invitation: (token: string) => ['/api/dashboard/invitations/view', token],
} as const;
