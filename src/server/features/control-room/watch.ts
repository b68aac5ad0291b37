import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rallyDate, rallyDayTime, timesAreIn } from '../../../common/rally-time';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { allOkCheckIns, organiserAlerts, signups, sosAlerts, users } from '../../db/schema';
import { emailLayout } from '../../services/email-layout';
import type { MailMessage } from '../../services/mail';
import { sendPromisedMail } from '../../services/mail-queue';
import { organiserAddress } from '../../services/organiser-notifications';
import { HOLDING_A_PLACE } from '../../services/rally-places';
import { siteLink } from '../../services/site-links';
import { lastContacts } from './control-room-view';
import { allOkDue, silenceCountsFrom } from './rally-hours';
import { sosEmail } from '../../services/sos-email';

export const WATCH_QUEUE = 'control-room-watch';
/** Every minute: an SOS unacknowledged for its minutes is raised again within one more. */
export const WATCH_CRON = '* * * * *';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Every organiser: each admin account's address and the organisers' notification address, once each. */
async function everyOrganiser(app: FastifyInstance, rally: RallySettings): Promise<string[]> {
  const admins = await app.db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
  const seen = new Map<string, string>();
  for (const to of [organiserAddress(rally), ...admins.map((a) => a.email)])
    if (!seen.has(to.toLowerCase())) seen.set(to.toLowerCase(), to);
  return [...seen.values()];
}

/**
 * An SOS no organiser has marked seen `sosEscalateMinutes` after it arrived is e-mailed again to
 * every organiser with "UNACKNOWLEDGED" in the subject, once: the update that marks it escalated
 * is the claim, so two instances running the watch at once never both send it.
 */
export async function escalateUnseenSos(app: FastifyInstance, rally: RallySettings, now: Date): Promise<number[]> {
  const arrivedBy = new Date(now.getTime() - rally.sosEscalateMinutes * MINUTE_MS);
  const claimed = await app.db
    .update(sosAlerts)
    .set({ escalatedAt: now })
    .where(
      and(
        eq(sosAlerts.rallyYear, rally.year),
        isNull(sosAlerts.resolvedAt),
        isNull(sosAlerts.seenAt),
        isNull(sosAlerts.escalatedAt),
        lte(sosAlerts.raisedAt, arrivedBy),
      ),
    )
    .returning();
  if (!claimed.length) return [];
  const recipients = await everyOrganiser(app, rally);
  const teams = await app.db
    .select(teamLineColumns)
    .from(signups)
    .where(
      inArray(
        signups.id,
        claimed.map((a) => a.signupId),
      ),
    );
  for (const alert of claimed) {
    const team = teams.find((t) => t.id === alert.signupId);
    const facts = {
      teamName: team?.teamName ?? '',
      driverName: team ? `${team.first} ${team.last}` : '',
      driverPhone: team?.phone ?? '',
      alert,
      controlRoom: siteLink(app.config, '/admin/control-room'),
    };
    for (const to of recipients) await sendPromisedMail(app, sosEmail(to, rally, facts, rally.sosEscalateMinutes));
  }
  return claimed.map((a) => a.id);
}

/** Claims each thing to tell once (kind + key); answers the keys not told before. */
async function claim(app: FastifyInstance, year: number, kind: string, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await app.db
    .insert(organiserAlerts)
    .values(keys.map((key) => ({ rallyYear: year, kind, key })))
    .onConflictDoNothing()
    .returning({ key: organiserAlerts.key });
  return new Set(rows.map((r) => r.key));
}

type TeamLine = { id: number; teamName: string; first: string; last: string; phone: string };

/** What the organisers' e-mails name of a team: its name, driver and the driver's phone. */
const teamLineColumns = {
  id: signups.id,
  teamName: signups.teamName,
  first: signups.driverFirstName,
  last: signups.driverLastName,
  phone: signups.driverPhone,
};

async function teamsHoldingAPlace(app: FastifyInstance, year: number): Promise<TeamLine[]> {
  return app.db
    .select(teamLineColumns)
    .from(signups)
    .where(and(eq(signups.rallyYear, year), inArray(signups.status, [...HOLDING_A_PLACE])))
    .orderBy(asc(signups.teamName));
}

function organiserList(
  to: string,
  rally: RallySettings,
  now: Date,
  subject: string,
  title: string,
  intro: string,
  lines: string[],
  controlRoom: string,
): MailMessage {
  return {
    to,
    subject: `${subject} (${rally.productName} ${rally.year})`,
    ...emailLayout({
      title,
      greeting: 'Organisers,',
      body: [intro, ...lines, timesAreIn(rally.timeZone, now), { button: 'Open the control room', href: controlRoom }],
      signOff: rally.productName,
    }),
  };
}

/**
 * Teams silent for `controlRoomSilentHours` on a rally day (counted from the day's start hour:
 * rally-hours.ts) are e-mailed to the organisers, in one e-mail per run naming the newly silent.
 * Each silence is told once: its key is the team and the last time it was heard from, so the
 * team is told of again only after it has been heard from and gone silent anew.
 */
export async function warnSilentTeams(app: FastifyInstance, rally: RallySettings, now: Date): Promise<number[]> {
  const countsFrom = silenceCountsFrom(rally, now);
  if (!countsFrom) return [];
  const silentBefore = now.getTime() - rally.controlRoomSilentHours * HOUR_MS;
  const [teams, contacts] = await Promise.all([teamsHoldingAPlace(app, rally.year), lastContacts(app.db, rally.year)]);
  const silent = teams
    .map((t) => ({ team: t, contact: contacts.get(t.id) ?? null }))
    .filter(({ contact }) => Math.max(contact ? Date.parse(contact) : 0, countsFrom.getTime()) < silentBefore);
  const keyOf = (s: (typeof silent)[number]) => `${s.team.id}@${s.contact ?? 'never'}`;
  const told = await claim(app, rally.year, 'team-silent', silent.map(keyOf));
  const news = silent.filter((s) => told.has(keyOf(s)));
  if (!news.length) return [];
  const names = news.map((s) => s.team.teamName).join(', ');
  await sendPromisedMail(
    app,
    organiserList(
      organiserAddress(rally),
      rally,
      now,
      `Silent ${news.length === 1 ? 'team' : 'teams'}: ${names}`,
      'Teams not heard from',
      `Not heard from for ${rally.controlRoomSilentHours} hours or more (no position, answer, check-in, All OK or SOS):`,
      news.map(
        (s) =>
          `${s.team.teamName}: ${s.contact ? `last heard from ${rallyDayTime(s.contact, rally.timeZone)}` : 'never heard from'}. Driver ${s.team.first} ${s.team.last}, ${s.team.phone}.`,
      ),
      siteLink(app.config, '/admin/control-room'),
    ),
  );
  return news.map((s) => s.team.id);
}

/**
 * Past `allOkEveningHour` on a trip day, the teams that have not said "All OK tonight" are e-mailed
 * to the organisers, once that evening (the control room lists them too).
 */
export async function warnMissingAllOk(app: FastifyInstance, rally: RallySettings, now: Date): Promise<number[]> {
  if (!allOkDue(rally, now)) return [];
  const day = rallyDate(now, rally.timeZone);
  const [teams, oks] = await Promise.all([
    teamsHoldingAPlace(app, rally.year),
    app.db
      .select({ signupId: allOkCheckIns.signupId })
      .from(allOkCheckIns)
      .where(and(eq(allOkCheckIns.rallyYear, rally.year), eq(allOkCheckIns.day, day))),
  ]);
  const ok = new Set(oks.map((o) => o.signupId));
  const missing = teams.filter((t) => !ok.has(t.id));
  if (!missing.length) return [];
  if (!(await claim(app, rally.year, 'all-ok-missing', [`${rally.year}:${day}`])).size) return [];
  await sendPromisedMail(
    app,
    organiserList(
      organiserAddress(rally),
      rally,
      now,
      `All OK tonight missing: ${missing.length} ${missing.length === 1 ? 'team' : 'teams'}`,
      'All OK tonight: not heard from',
      `By ${String(rally.allOkEveningHour).padStart(2, '0')}:00 these teams had not pressed “All OK tonight” in the rally app:`,
      missing.map((t) => `${t.teamName}: driver ${t.first} ${t.last}, ${t.phone}.`),
      siteLink(app.config, '/admin/control-room'),
    ),
  );
  return missing.map((t) => t.id);
}

/** One look by the watch: what each check told (ids), for the log and the tests. */
export async function watchControlRoom(app: FastifyInstance, now: Date) {
  const rally = await app.rallySettings();
  return {
    escalated: await escalateUnseenSos(app, rally, now),
    silent: await warnSilentTeams(app, rally, now),
    allOkMissing: await warnMissingAllOk(app, rally, now),
  };
}

/** A pg-boss schedule: with several instances, one of them looks each minute. */
export async function startControlRoomWatch(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.createQueue(WATCH_QUEUE);
  await jobs.schedule(WATCH_QUEUE, WATCH_CRON);
  await jobs.work(WATCH_QUEUE, async () => {
    const told = await watchControlRoom(app, app.clock());
    if (told.escalated.length || told.silent.length || told.allOkMissing.length)
      app.log.info(told, 'control room watch e-mailed the organisers');
  });
}
