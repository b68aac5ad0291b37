import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rallyDate } from '../../../common/rally-time';
import type { ControlRoom, ExactPosition, SosAlert as SosAlertView } from '../../../common/schemas/control-room';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Db } from '../../db/client';
import { allOkCheckIns, signups, sosAlerts, users } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { HOLDING_A_PLACE } from '../../services/rally-places';
import { todayOf } from '../../services/rally-days';
import { computeStandings } from '../../services/standings';
import { allOkDue } from './rally-hours';
import { madeAtOf } from '../../services/sos';

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
        select signup_id, latitude, longitude, accuracy_metres, coalesce(position_at, made_at, raised_at), 'sos'
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
export async function lastContacts(db: Db, year: number): Promise<Map<number, string>> {
  const rows = rowsOf<{ signup_id: number; at: Date | string }>(
    await db.execute(sql`
      select signup_id, max(at) as at from (
        select signup_id, received_at as at from team_positions where rally_year = ${year}
        union all select signup_id, raised_at from sos_alerts where rally_year = ${year}
        union all select s.signup_id, p.arrived_at from sos_presses p join sos_alerts s on s.id = p.sos_id where s.rally_year = ${year}
        union all select signup_id, created_at from all_ok_check_ins where rally_year = ${year}
        union all select a.signup_id, a.received_at from clue_answers a join clues c on c.id = a.clue_id where c.rally_year = ${year}
        union all select k.signup_id, k.created_at from clue_check_ins k join clues c on c.id = k.clue_id where c.rally_year = ${year}
        union all select h.signup_id, h.taken_at from clue_hint_takes h join clues c on c.id = h.clue_id where c.rally_year = ${year}
      ) contact group by signup_id`),
  );
  return new Map(rows.map((r) => [r.signup_id, iso(r.at)]));
}

/** The open SOS alerts of the season, oldest first, with the team's people to call (organisers only). */
async function openSos(db: Db, year: number) {
  const seenBy = alias(users, 'seen_by');
  return db
    .select({
      sos: sosAlerts,
      team: {
        driverFirst: signups.driverFirstName,
        driverLast: signups.driverLastName,
        driverPhone: signups.driverPhone,
        coDriverFirst: signups.coDriverFirstName,
        coDriverLast: signups.coDriverLastName,
        coDriverPhone: signups.coDriverPhone,
        emergencyName: signups.emergencyContactName,
        emergencyPhone: signups.emergencyContactPhone,
        emergencyRelationship: signups.emergencyContactRelationship,
      },
      seenBy: { first: seenBy.firstName, last: seenBy.lastName, email: seenBy.email },
    })
    .from(sosAlerts)
    .innerJoin(signups, eq(signups.id, sosAlerts.signupId))
    .leftJoin(seenBy, eq(seenBy.id, sosAlerts.seenByUserId))
    .where(and(eq(sosAlerts.rallyYear, year), isNull(sosAlerts.resolvedAt)))
    .orderBy(asc(sosAlerts.raisedAt));
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/**
 * The organisers' control room (GET /api/admin/control-room): open SOS alerts first, then every
 * team of the season holding a place with its last position and contact, clues scored, tonight's
 * All OK (and whether it is missing, past the evening hour) and whether it has gone silent (not
 * heard from for the setting's hours once the rally's first day has come; a team never heard from
 * is silent too). "Today" is the rally's day in its zone.
 */
export async function controlRoom(db: Db, rally: RallySettings, now: Date): Promise<ControlRoom> {
  const today = rallyDate(now, rally.timeZone);
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
    openSos(db, rally.year),
  ]);
  const names = new Map(teams.map((t) => [t.id, t.teamName]));
  const scoreOf = new Map(standings.map((s) => [s.signupId, s]));
  const okOf = new Map(allOks.map((a) => [a.signupId, a.createdAt.toISOString()]));
  const todayNumber = todayOf(rally, now)?.day;
  const silentBefore = now.getTime() - rally.controlRoomSilentHours * HOUR_MS;
  const rallyBegun = today >= rally.rallyStart;
  const allOkDueNow = allOkDue(rally, now);
  const sos: SosAlertView[] = open.map(({ sos: a, team, seenBy }) => ({
    id: a.id,
    signupId: a.signupId,
    teamName: names.get(a.signupId) ?? '',
    raisedAt: a.raisedAt.toISOString(),
    madeAt: madeAtOf(a).toISOString(),
    arrivedAt: a.raisedAt.toISOString(),
    repeatedAt: a.repeatedAt?.toISOString() ?? null,
    note: a.note,
    position:
      a.latitude != null && a.longitude != null
        ? {
            lat: a.latitude,
            lng: a.longitude,
            accuracy: a.accuracyMetres,
            at: (a.positionAt ?? madeAtOf(a)).toISOString(),
            source: 'sos',
          }
        : (positions.get(a.signupId) ?? null),
    seenAt: a.seenAt?.toISOString() ?? null,
    seenBy: a.seenAt ? fullName(seenBy?.first ?? null, seenBy?.last ?? null) || seenBy?.email || 'an organiser' : null,
    escalatedAt: a.escalatedAt?.toISOString() ?? null,
    resolvedAt: null,
    driver: { name: fullName(team.driverFirst, team.driverLast), phone: team.driverPhone },
    coDriver: team.coDriverPhone ? { name: fullName(team.coDriverFirst, team.coDriverLast), phone: team.coDriverPhone } : null,
    emergencyContact: { name: team.emergencyName, phone: team.emergencyPhone, relationship: team.emergencyRelationship },
  }));
  return {
    year: rally.year,
    today,
    silentHours: rally.controlRoomSilentHours,
    timeZone: rally.timeZone,
    allOkEveningHour: rally.allOkEveningHour,
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
        allOkMissing: allOkDueNow && !okOf.has(t.id),
        openSos: open.filter((a) => a.sos.signupId === t.id).length,
      };
    }),
  };
}
