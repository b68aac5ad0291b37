import type { FastifyInstance } from 'fastify';
import { and, inArray, isNotNull, lte, ne, or } from 'drizzle-orm';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Db } from '../../db/client';
import {
  clueAnswers,
  clueCheckIns,
  clues,
  rallySettings,
  signups,
  sosAlerts,
  sosPresses,
  teamPositions,
  teamTracking,
} from '../../db/schema';
import type { Tx } from '../../services/audit';
import { recordSystemAudit } from '../../services/audit';

export const RETENTION_QUEUE = 'privacy-purge-sensitive';
/** Daily, at a minute no other schedule uses. */
export const RETENTION_CRON = '23 4 * * *';

const DAY = 24 * 60 * 60 * 1000;

/** The moment this year's teams' passports, medical and dietary data go: the end of the trip's last day plus the retention. */
export function sensitiveDataDeleteAfter(rally: Pick<RallySettings, 'tripEnd'>, retentionDays: number): Date {
  return new Date(Date.parse(`${rally.tripEnd}T23:59:59.999Z`) + retentionDays * DAY);
}

/**
 * Erases passports, medical and dietary data of the teams whose rally is over by more than the
 * retention period, each year by its own season's last day (years before the first season's
 * settings always), with their positions and position sharing (features/tracking: where the team
 * was, and its tracker address), and records one audit row with the counts. Returns how many teams
 * were cleared of passports, medical and dietary data.
 */
export async function purgeSensitiveData(db: Db, opts: { now: Date; retentionDays: number }): Promise<number> {
  const seasons = await db.select({ year: rallySettings.year, settings: rallySettings.settings }).from(rallySettings);
  const over = seasons.filter((s) => opts.now > sensitiveDataDeleteAfter(s.settings, opts.retentionDays)).map((s) => s.year);
  const lastYear = Math.max(Math.min(...seasons.map((s) => s.year)) - 1, ...over);
  return db.transaction(async (tx) => {
    const cleared = await tx
      .update(signups)
      .set({ driverPassport: null, coDriverPassport: null, medicalConditions: null, dietaryRequirements: null })
      .where(
        and(
          lte(signups.rallyYear, lastYear),
          or(
            isNotNull(signups.driverPassport),
            isNotNull(signups.coDriverPassport),
            isNotNull(signups.medicalConditions),
            isNotNull(signups.dietaryRequirements),
          ),
        ),
      )
      .returning({ id: signups.id });
    const positions = await tx.delete(teamPositions).where(lte(teamPositions.rallyYear, lastYear)).returning({ id: teamPositions.id });
    const yearsTeams = tx.select({ id: signups.id }).from(signups).where(lte(signups.rallyYear, lastYear));
    await tx.delete(teamTracking).where(inArray(teamTracking.signupId, yearsTeams));
    await erasePhonePositions(tx, lastYear);
    // Where a phone was when its team raised an SOS goes too; that the SOS happened stays.
    await tx
      .update(sosAlerts)
      .set({ latitude: null, longitude: null, accuracyMetres: null })
      .where(and(lte(sosAlerts.rallyYear, lastYear), isNotNull(sosAlerts.latitude)));
    await tx
      .update(sosPresses)
      .set({ latitude: null, longitude: null, accuracyMetres: null })
      .where(
        and(
          inArray(sosPresses.sosId, tx.select({ id: sosAlerts.id }).from(sosAlerts).where(lte(sosAlerts.rallyYear, lastYear))),
          isNotNull(sosPresses.latitude),
        ),
      );
    if (cleared.length || positions.length) {
      await recordSystemAudit(tx, {
        action: 'privacy.purge_sensitive',
        targetType: 'signup',
        details: { teams: cleared.length, positions: positions.length, upToRallyYear: lastYear, retentionDays: opts.retentionDays },
      });
    }
    return cleared.length;
  });
}

/**
 * The treasure hunt's positions (where a phone was when it answered or checked in) go with the
 * rest: the verdicts (scored, visited) stay for the rally's history. The fingerprints go too, as a
 * position could be guessed back from one; a retry after the season has nothing left to match.
 */
async function erasePhonePositions(tx: Tx, lastYear: number): Promise<void> {
  const ofPastRallies = inArray(clueAnswers.clueId, tx.select({ id: clues.id }).from(clues).where(lte(clues.rallyYear, lastYear)));
  await tx
    .update(clueAnswers)
    .set({ latitude: null, longitude: null, accuracyMetres: null, fingerprint: '' })
    .where(and(ofPastRallies, ne(clueAnswers.fingerprint, '')));
  await tx
    .update(clueCheckIns)
    .set({ latitude: null, longitude: null, accuracyMetres: null, fingerprint: '' })
    .where(
      and(
        inArray(clueCheckIns.clueId, tx.select({ id: clues.id }).from(clues).where(lte(clues.rallyYear, lastYear))),
        ne(clueCheckIns.fingerprint, ''),
      ),
    );
}

/** A pg-boss schedule: with several instances the purge runs once a day in total. */
export async function startSensitiveDataPurge(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.createQueue(RETENTION_QUEUE);
  await jobs.schedule(RETENTION_QUEUE, RETENTION_CRON);
  await jobs.work(RETENTION_QUEUE, async () => {
    const teams = await purgeSensitiveData(app.db, {
      now: new Date(),
      retentionDays: app.config.SENSITIVE_DATA_RETENTION_DAYS,
    });
    app.log.info({ teams }, 'passport, medical and dietary data past retention erased');
  });
}
