import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { localDate } from '../../../common/countdown';
import type { ControlRoom, ExactPosition, SosAlert as SosAlertView } from '../../../common/schemas/control-room';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Db } from '../../db/client';
import { allOkCheckIns, signups, sosAlerts } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { HOLDING_A_PLACE } from '../../services/rally-places';
import { computeStandings, todayOf } from '../clues';

const HOUR_MS = 60 * 60 * 1000;
const iso = (v: Date | string) => new Date(v).toISOString();

type PositionRow = { signup_id: number; lat: number; lng: number; accuracy: number | null; at: Date | string; source: string };

/**
 * Each team's latest exact position of the season, wherever it came from: its position sharing
 * (the rally app or a tracker), an SOS, an answer or a check-in sent with the phone's position.
 * For the organisers only: the public sees positions late and rounded (features/tracking).
 */
async function lastPositions(db: Db, year: number): Promise<Map<number, ExactPosition>> {
  const rows = rowsOf<PositionRow>(
    await db.execute(sql`
      select distinct on (signup_id) signup_id, lat, lng, accuracy, at, source from (
        select signup_id, lat, lng, accuracy::float8 as accuracy, recorded_at as at, source
          from team_positions where rally_year = ${year}
        union all
        select signup_id, latitude, longitude, accuracy_metres, raised_at, 'sos'
          from sos_alerts where rally_year = ${year} and latitude is not null
        union all
        select a.signup_id, a.latitude, a.longitude, a.accuracy_metres, a.answered_at, 'answer'
          from clue_answers a join clues c on c.id = a.clue_id where c.rally_year = ${year} and a.latitude is not null
        union all
        select k.signup_id, k.latitude, k.longitude, k.accuracy_metres, k.created_at, 'check-in'
          from clue_check_ins k join clues c on c.id = k.clue_id where c.rally_year = ${year} and k.latitude is not null
      ) p order by signup_id, at desc`),
  );
  return new Map(rows.map((r) => [r.signup_id, { lat: r.lat, lng: r.lng, accuracy: r.accuracy, at: iso(r.at), source: r.source }]));
}

/** When each team was last heard from: the latest thing either phone (or its tracker) sent. */
async function lastContacts(db: Db, year: number): Promise<Map<number, string>> {
  const rows = rowsOf<{ signup_id: number; at: Date | string }>(
    await db.execute(sql`
      select signup_id, max(at) as at from (
        select signup_id, received_at as at from team_positions where rally_year = ${year}
        union all select signup_id, raised_at from sos_alerts where rally_year = ${year}
        union all select signup_id, created_at from all_ok_check_ins where rally_year = ${year}
        union all select a.signup_id, a.received_at from clue_answers a join clues c on c.id = a.clue_id where c.rally_year = ${year}
        union all select k.signup_id, k.created_at from clue_check_ins k join clues c on c.id = k.clue_id where c.rally_year = ${year}
        union all select h.signup_id, h.taken_at from clue_hint_takes h join clues c on c.id = h.clue_id where c.rally_year = ${year}
      ) contact group by signup_id`),
  );
  return new Map(rows.map((r) => [r.signup_id, iso(r.at)]));
}

/**
 * The organisers' control room (GET /api/admin/control-room): open SOS alerts first, then every
 * team of the season holding a place with its last position and contact, clues scored, tonight's
 * All OK and whether it has gone silent (not heard from for the setting's hours once the rally's
 * first day has come; a team never heard from by then is silent too).
 */
export async function controlRoom(db: Db, rally: RallySettings, now: Date): Promise<ControlRoom> {
  const today = localDate(now);
  const teams = await db
    .select({ id: signups.id, teamName: signups.teamName, first: signups.driverFirstName, last: signups.driverLastName })
    .from(signups)
    .where(and(eq(signups.rallyYear, rally.year), inArray(signups.status, [...HOLDING_A_PLACE])))
    .orderBy(asc(signups.teamName));
  const [positions, contacts, standings, allOks, open] = await Promise.all([
    lastPositions(db, rally.year),
    lastContacts(db, rally.year),
    computeStandings(db, rally, now),
    db
      .select()
      .from(allOkCheckIns)
      .where(and(eq(allOkCheckIns.rallyYear, rally.year), eq(allOkCheckIns.day, today))),
    db
      .select()
      .from(sosAlerts)
      .where(and(eq(sosAlerts.rallyYear, rally.year), isNull(sosAlerts.resolvedAt)))
      .orderBy(asc(sosAlerts.raisedAt)),
  ]);
  const names = new Map(teams.map((t) => [t.id, t.teamName]));
  const scoreOf = new Map(standings.map((s) => [s.signupId, s]));
  const okOf = new Map(allOks.map((a) => [a.signupId, a.createdAt.toISOString()]));
  const todayNumber = todayOf(rally, now)?.day;
  const silentBefore = now.getTime() - rally.controlRoomSilentHours * HOUR_MS;
  const rallyBegun = today >= rally.rallyStart;
  const sos: SosAlertView[] = open.map((a) => ({
    id: a.id,
    signupId: a.signupId,
    teamName: names.get(a.signupId) ?? '',
    raisedAt: a.raisedAt.toISOString(),
    note: a.note,
    position:
      a.latitude != null && a.longitude != null
        ? { lat: a.latitude, lng: a.longitude, accuracy: a.accuracyMetres, at: a.raisedAt.toISOString(), source: 'sos' }
        : (positions.get(a.signupId) ?? null),
    resolvedAt: null,
  }));
  return {
    year: rally.year,
    today,
    silentHours: rally.controlRoomSilentHours,
    sos,
    teams: teams.map((t) => {
      const contact = contacts.get(t.id) ?? null;
      const score = scoreOf.get(t.id);
      return {
        signupId: t.id,
        teamName: t.teamName,
        driverName: `${t.first} ${t.last}`,
        lastPosition: positions.get(t.id) ?? null,
        lastContactAt: contact,
        silent: rallyBegun && (contact === null || Date.parse(contact) < silentBefore),
        cluesAnsweredToday: score?.days.find((d) => d.day === todayNumber)?.answered ?? 0,
        cluesAnswered: score?.days.reduce((n, d) => n + d.answered, 0) ?? 0,
        allOkTonight: okOf.get(t.id) ?? null,
        openSos: open.filter((a) => a.signupId === t.id).length,
      };
    }),
  };
}
