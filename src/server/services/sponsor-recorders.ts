import type { RecordedSponsor, Sponsor, TeamRole } from '../../common/schemas/signup';
import { mayChangeTeamRecord } from '../../common/team-records';
import { HttpError } from '../errors';

const key = (s: Sponsor) => `${s.name}\n${s.url}`;

/**
 * The team's new sponsor list as a member sends it, each entry noted with who added it: an entry
 * the team already had keeps its recorder, a new one is the sender's. Refused with 403 (nothing
 * saved) when the sender leaves out an entry they may not change (a co-driver removing or
 * rewriting one the driver added; common/team-records.ts).
 */
export function recordSponsors(role: TeamRole, before: RecordedSponsor[], sent: Sponsor[]): RecordedSponsor[] {
  const unmatched = [...before];
  const after = sent.map((s) => {
    const i = unmatched.findIndex((b) => key(b) === key(s));
    const recordedBy = i >= 0 ? (unmatched.splice(i, 1)[0]!.recordedBy ?? 'driver') : role;
    return { name: s.name, url: s.url, recordedBy };
  });
  const notTheirs = unmatched.find((b) => !mayChangeTeamRecord(role, b.recordedBy ?? 'driver'));
  if (notTheirs) throw new HttpError(403, `Your driver added the sponsor ${notTheirs.name}, so only your driver can change or remove it.`);
  return after;
}
