import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { teamFollowers } from '../db/schema';
import { siteLink } from './site-links';
import type { MailKind } from '../../common/schemas/bulk-email';

/**
 * Mail to a team's followers (features/followers) goes through the bulk-mail outbox with the kind
 * 'followers'. Its outbox rows carry the follow's own token instead of a contact's, so the outbox
 * asks this rule, not the mailing list's, just before each message leaves.
 */
export const FOLLOWERS_KIND = 'followers' satisfies MailKind;

/**
 * THE rule for whether a follower's message may still go (an SQL condition on the row's token, for
 * the claim statement): the follow is confirmed and not ended, the organisers have not paused the
 * team's updates to followers, and every update the message shows is still there and not hidden.
 * The results e-mail (features/followers) is queued in the transaction that ends the follows it
 * closes, so it still reaches a follow ended for 'results', and no other ended one.
 */
export function followerMayReceive(token: SQL, sendId: number): SQL {
  return sql`exists (
    select 1 from team_followers f join team_follower_sends s on s.signup_id = f.signup_id
    where f.token = ${token} and s.bulk_send_id = ${sendId}
      and f.confirmed_at is not null
      and (f.ended_at is null or (s.kind = 'results' and f.ended_reason = 'results'))
      and not exists (select 1 from team_follower_pauses p where p.signup_id = f.signup_id)
      and (select count(*) from team_updates u where u.id = any(s.update_ids) and u.hidden_at is null) = cardinality(s.update_ids))`;
}

/** The follower's own page, which stops following this team (and takes the RFC 8058 one-click POST). */
export const followStopUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, token: string | null) =>
  siteLink(config, `/follow/${encodeURIComponent(token ?? '')}`);

/**
 * The address's receiving server refused it for good (a hard bounce, seen by the bulk-mail outbox
 * whatever the send): every follow of that address ends ('bounced'), so nothing more is sent to it.
 * Following again starts a new follow, confirmed only from a message that arrives.
 */
export async function endFollowsOfBouncedAddress(db: Db, email: string): Promise<void> {
  await db
    .update(teamFollowers)
    .set({ endedAt: new Date(), endedReason: 'bounced' })
    .where(and(eq(teamFollowers.email, email.trim().toLowerCase()), isNull(teamFollowers.endedAt)));
}
