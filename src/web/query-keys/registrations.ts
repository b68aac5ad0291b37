/** The organisers' list of teams, with each team's status history below it. */
export const registrationsKeys = {
  signups: ['/api/admin/registrations'],
  statusHistory: (id: number) => ['/api/admin/registrations', id, 'status-history'],
} as const;
