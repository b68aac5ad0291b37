/** The organisers' list of teams, with each team's status history below it. */
export const registrationsKeys = {
  signups: ['/api/admin/signups'],
  statusHistory: (id: number) => ['/api/admin/signups', id, 'status-history'],
} as const;
