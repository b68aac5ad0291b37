import type { TeamRole } from './schemas/signup';

/**
 * Who may change what a team member recorded for the team (a donation they typed in, a sponsor
 * they added): the driver, who owns the team's entry, may change any of them; a co-driver only
 * what the co-driver recorded. The server enforces it and the dashboard offers no more than it.
 */
export function mayChangeTeamRecord(role: TeamRole, recordedBy: TeamRole): boolean {
  return role === 'driver' || recordedBy === role;
}

/** The line the dashboard shows beside a team member's entry, for the member looking at it. */
export function recordedByLine(viewer: TeamRole, recordedBy: TeamRole): string {
  if (viewer === recordedBy) return 'Recorded by you';
  return recordedBy === 'driver' ? 'Recorded by your driver' : 'Recorded by your co-driver';
}

export const NOT_YOURS_TO_CHANGE = 'Your driver recorded this, so only your driver can change or delete it.';
