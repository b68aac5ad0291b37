import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signups, users } from '../../db/schema';
import { findUserByEmail } from '../../services/accounts';
import { addPasswordToken, deleteToken, keepOnlyToken, SET_PASSWORD_TOKEN_TTL_MS } from '../../services/password-tokens';
import { siteLink } from '../../services/site-links';
import { currentRallyYear } from '../../services/rally-settings';
import { credentialsEmail } from './credentials-email';

export const CREDENTIALS_QUEUE = 'send-login-credentials';

/** One job per recipient, so a failure retries that person alone. */
export type CredentialsJob = { email: string; firstName: string | null; lastName: string | null };

/** Every driver registered for this year's rally, once per address. */
export async function registeredDrivers(db: Db) {
  return db
    .selectDistinctOn([sql`lower(${signups.driverEmail})`], {
      email: signups.driverEmail,
      firstName: signups.driverFirstName,
      lastName: signups.driverLastName,
    })
    .from(signups)
    .where(eq(signups.rallyYear, currentRallyYear))
    .orderBy(sql`lower(${signups.driverEmail})`, signups.id);
}

/** The account for this address, made (without a password) when the driver has none yet. */
async function accountFor(db: Db, job: CredentialsJob) {
  const existing = await findUserByEmail(db, job.email);
  if (existing) return existing;
  // Two jobs for the same new address may race; the unique index on lower(email) decides.
  await db.insert(users).values({ email: job.email.trim(), firstName: job.firstName, lastName: job.lastName }).onConflictDoNothing();
  const user = await findUserByEmail(db, job.email);
  if (!user) throw new Error('account could not be created');
  // Unverified: its teams link when the driver sets a password through the e-mailed link.
  return user;
}

/**
 * Creates the account if needed, issues a 72-hour single-use set-password link and e-mails it.
 * The driver's older links stop working only once the new one has been sent; when the mail server
 * refuses, the new link is taken back and the old ones still work.
 */
export async function sendCredentials(app: FastifyInstance, job: CredentialsJob): Promise<void> {
  const user = await accountFor(app.db, job);
  const token = await addPasswordToken(app.db, user.id, SET_PASSWORD_TOKEN_TTL_MS);
  const link = siteLink(app.config, '/reset-password', { token: token.raw });
  try {
    await app.mailer.send(
      credentialsEmail(await app.rallySettings(), user.email, user.firstName ?? job.firstName, link, siteLink(app.config, '/login')),
    );
  } catch (err) {
    await deleteToken(app.db, token.id);
    throw err;
  }
  await keepOnlyToken(app.db, user.id, token.id);
}

/**
 * The background worker: a slow mail server delays the e-mails, never the organiser's request.
 * One job is one driver, taken one at a time, so a refused address fails (and retries) that driver
 * alone. Any failure is retried by pg-boss, except a permanent refusal (5xx), which would fail
 * every retry too: it is logged and the job ends.
 */
export async function startCredentialsWorker(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.createQueue(CREDENTIALS_QUEUE);
  await jobs.work<CredentialsJob>(CREDENTIALS_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async (batch) => {
    for (const job of batch) {
      try {
        await sendCredentials(app, job.data);
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        if (code === undefined || code < 500) throw err;
        // The reply may quote the address, so only its code is logged.
        app.log.warn({ jobId: job.id, responseCode: code }, 'login credentials e-mail refused');
      }
    }
  });
}
