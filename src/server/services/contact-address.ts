import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { textArray } from '../db/array-params';

/** A person's address changing from `from` to `to`. */
export type AddressMove = { from: string; to: string };

/**
 * People's addresses change, each from `from` to `to`: every historic record holding an old address
 * (as driver or co-driver) takes the new one, and the old contact row is merged into the new
 * address's contact, so each person is one contact with all their rallies. The records' old opt-in
 * answers are cleared (they were given for the old address; the contact keeps the person's
 * consent). Set-based: a whole import's changes are a handful of statements, not a few per row.
 * No address may be both moved from and moved to; run inside the caller's transaction.
 *
 * The merged contact keeps the person's latest recorded decision (an opt-out made at either address
 * counts as much as one made at the other; on a tie, the old address's), "not asked" only if neither
 * has one; names where the new contact has none; every source and year; the latest consent request.
 */
export async function moveAddresses(db: Db, moves: AddressMove[]): Promise<void> {
  const pairs = moves
    .map((m) => ({ from: m.from.trim().toLowerCase(), to: m.to.trim().toLowerCase() }))
    .filter((m) => m.from !== '' && m.from !== m.to);
  // Two old addresses of one person going to the same new one merge one after the other, as they
  // would one at a time: each round has each new address once.
  const rounds: AddressMove[][] = [];
  const seen = new Map<string, number>();
  for (const pair of pairs) {
    const round = seen.get(pair.to) ?? 0;
    seen.set(pair.to, round + 1);
    (rounds[round] ??= []).push(pair);
  }
  for (const round of rounds) await moveRound(db, round);
}

/** Moves whose old and new addresses are all different (lower-cased, trimmed, non-empty). */
async function moveRound(db: Db, pairs: AddressMove[]): Promise<void> {
  const moved = sql`moved(old, new) as (select * from unnest(${textArray(pairs.map((p) => p.from))}, ${textArray(pairs.map((p) => p.to))}))`;

  // The feeding triggers add each new address's contact, its years and sources. Found through the
  // lower(trim(address)) indexes of each role (db/schema/).
  await db.execute(sql`with ${moved}
    update historic_participants h set
      email = coalesce((select new from moved where old = lower(trim(h.email))), h.email),
      email_opt_in = case when lower(trim(h.email)) in (select old from moved) then null else h.email_opt_in end,
      co_driver_email = coalesce((select new from moved where old = lower(trim(h.co_driver_email))), h.co_driver_email),
      co_driver_email_opt_in = case when lower(trim(h.co_driver_email)) in (select old from moved) then null else h.co_driver_email_opt_in end,
      updated_at = now()
    where lower(trim(h.email)) in (select old from moved) or lower(trim(h.co_driver_email)) in (select old from moved)`);

  // An old contact whose new address already has one is merged into it...
  await db.execute(sql`with ${moved},
    pair as (select c.id as into_id, o.*, o.consent <> 'not_asked' and (c.consent = 'not_asked'
        or coalesce(o.consent_at, 'epoch') >= coalesce(c.consent_at, 'epoch')) as old_wins
      from moved join contacts o on o.email = moved.old join contacts c on c.email = moved.new)
    update contacts c set
      first_name = case when c.first_name <> '' then c.first_name else pair.first_name end,
      last_name = case when c.last_name <> '' then c.last_name else pair.last_name end,
      sources = array(select s from unnest(c.sources || pair.sources) with ordinality as u(s, n) group by s order by min(n)),
      years = array(select distinct y from unnest(c.years || pair.years) as y order by y),
      consent = case when pair.old_wins then pair.consent when c.consent <> 'not_asked' then c.consent else 'not_asked' end,
      consent_at = case when pair.old_wins then pair.consent_at when c.consent <> 'not_asked' then c.consent_at end,
      consent_source = case when pair.old_wins then pair.consent_source when c.consent <> 'not_asked' then c.consent_source end,
      consent_requested_at = greatest(c.consent_requested_at, pair.consent_requested_at),
      updated_at = now()
    from pair
    where c.id = pair.into_id`);
  await db.execute(sql`with ${moved}
    delete from contacts o using moved, contacts c where o.email = moved.old and c.email = moved.new`);

  // ...and one without becomes the new address's. An address that was erased or unsubscribed stays
  // out, as when a source brings it back.
  await db.execute(sql`with ${moved}
    update contacts o set email = moved.new, bounced_at = null, bounce_reason = null,
      consent = case when gone then 'opted_out' else o.consent end,
      consent_at = case when gone then now() else o.consent_at end,
      consent_source = case when gone then 'earlier opt-out' else o.consent_source end,
      updated_at = now()
    from moved, lateral (select exists (select 1 from email_opt_outs where email = moved.new) as gone) as opt_out
    where o.email = moved.old`);
}

/** One person's address changes from `from` to `to` (see moveAddresses). */
export const moveAddress = (db: Db, from: string, to: string) => moveAddresses(db, [{ from, to }]);
