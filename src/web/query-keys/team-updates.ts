/**
 * Team updates: the public lists (every team's for /live, one team's for its donate page) under one
 * prefix, so an `updates.changed` event refreshes them all; the team's own; the organisers'.
 */
export const teamUpdateKeys = {
  public: ['/api/team-updates'],
  publicList: (signupId: number | null) => ['/api/team-updates', signupId ?? 'all'],
  mine: ['/api/my-rally-app/updates'],
  admin: ['/api/admin/team-updates'],
} as const;
