import type { PublicTeamUpdate, TeamUpdate as TeamUpdateView } from '../../../common/schemas/team-updates';
import type { TeamUpdate } from '../../db/schema';

/**
 * What anyone may read of an update: the team, the words, the photo, the time. Never its author.
 * The time is when the team wrote it on the phone (an update queued without signal arrives later).
 */
export const toPublicUpdate = (row: TeamUpdate, teamName: string): PublicTeamUpdate => ({
  id: row.id,
  signupId: row.signupId,
  teamName,
  body: row.body,
  photoUrl: row.photoUrl,
  createdAt: (row.madeAt ?? row.createdAt).toISOString(),
});

/** The team's and the organisers' view: hidden ones too, with the reason the team reads. */
export const toUpdateView = (row: TeamUpdate, teamName: string): TeamUpdateView => ({
  ...toPublicUpdate(row, teamName),
  clientId: row.clientId,
  hidden: row.hiddenAt !== null,
  hiddenAt: row.hiddenAt?.toISOString() ?? null,
  hiddenReason: row.hiddenReason,
});
