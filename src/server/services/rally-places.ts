import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { RegistrationStatus } from '../../common/schemas/entry-status';
import type { RallySettings } from '../../common/schemas/rally-settings';
import { seasonPhase, type SeasonFacts } from '../../common/season-phase';
import type { Db } from '../db/client';
import { historicParticipants, signups, type Signup } from '../db/schema';
import { changeEntryStatus } from './entry-status';
import { placeOfferedEmail } from './place-offered-email';
import { siteLink } from './site-links';
import { notifyOrganisers } from './organiser-notifications';

/** Statuses that hold one of the rally's places (a waiting or withdrawn team holds none). */
export const HOLDING_A_PLACE = ['registered', 'deposit_paid', 'confirmed'] as const;

/** The settings that say how many places a rally year has and when it takes registrations. */
export type PlaceRules = Pick<RallySettings, 'year' | 'carLimit'> & SeasonFacts;

/** The car limit of a year: the current season's setting; earlier years take no new teams' limits. */
const carLimitOf = (rules: PlaceRules, year: number) => (rules.year === year ? rules.carLimit : null);

/**
 * One rally year's places are counted and given out one transaction at a time, so two teams
 * registering at the same moment cannot both take the last place. Without a car limit there is
 * nothing to count, and registrations need not wait for each other.
 */
export async function lockRallyPlaces(tx: Db, rules: PlaceRules, year: number): Promise<void> {
  if (carLimitOf(rules, year) === null) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rally-places:${year}`}))`);
}

async function placesTaken(db: Db, year: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signups)
    .where(and(eq(signups.rallyYear, year), inArray(signups.status, [...HOLDING_A_PLACE])));
  return row?.n ?? 0;
}

/** "Publish results" made the year's teams historic records, each naming the team it came from (results/publish.ts). */
async function resultsArePublished(db: Db, year: number): Promise<boolean> {
  const [row] = await db
    .select({ id: historicParticipants.id })
    .from(historicParticipants)
    .where(and(eq(historicParticipants.year, year), isNotNull(historicParticipants.signupId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Open while the season's phase is "open" (season-phase.ts: reviewed, between the opening and closing
 * dates, the rally still ahead); full once the car limit (if any) is reached.
 */
export async function registrationStatus(db: Db, rules: PlaceRules, now: Date): Promise<RegistrationStatus> {
  const phase = seasonPhase(rules, now);
  const limit = rules.carLimit;
  const full = limit !== null && (await placesTaken(db, rules.year)) >= limit;
  const resultsPublished = phase === 'finished' && (await resultsArePublished(db, rules.year));
  return {
    open: phase === 'open',
    full,
    phase,
    opensAt: rules.registrationOpensAt,
    closesAt: rules.registrationClosesAt,
    resultsPublished,
  };
}

/**
 * Gives each free place to the first team in line (by when it registered), recording the move.
 * Returns the teams that got a place, for the caller to tell them.
 */
export async function offerFreePlaces(db: Db, rules: PlaceRules, year: number): Promise<Signup[]> {
  const limit = carLimitOf(rules, year);
  if (limit === null) return [];
  return db.transaction(async (tx) => {
    await lockRallyPlaces(tx, rules, year);
    const free = limit - (await placesTaken(tx, year));
    if (free <= 0) return [];
    const next = await tx
      .select()
      .from(signups)
      // A team an organiser held on the waiting list stays there until they clear the hold.
      .where(and(eq(signups.rallyYear, year), eq(signups.status, 'waiting_list'), eq(signups.heldOnWaitingList, false)))
      .orderBy(asc(signups.createdAt), asc(signups.id))
      .limit(free);
    for (const team of next) await changeEntryStatus(tx, team.id, 'registered', { role: 'system' }, 'A place came free');
    return next.map((team) => ({ ...team, status: 'registered' as const }));
  });
}

/**
 * After a team leaves a place: offer it to the next in line, e-mail them and (if the settings ask)
 * the organisers. The e-mails are queued, not awaited; a failed one is logged and the move stands.
 */
export async function fillFreePlaces(app: FastifyInstance, year: number): Promise<void> {
  const settings = await app.rallySettings();
  for (const team of await offerFreePlaces(app.db, settings, year)) {
    const offer = placeOfferedEmail(team, settings, siteLink(app.config, '/dashboard'));
    app.background.run(
      app.log.child({ signupId: team.id }),
      'place-offered e-mail failed',
      async () => void (await app.mailer.send(offer)),
    );
    notifyOrganisers(app, settings, 'placeOffered', team);
  }
}
