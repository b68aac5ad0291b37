import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_RALLY_YEAR } from '../../../common/rally-config';
import type { Db } from '../../db/client';
import { signups, users } from '../../db/schema';
import { issuePasswordToken, SET_PASSWORD_TOKEN_TTL_MS } from '../auth/reset-tokens';
import { findUserByEmail, linkSignupsToUser } from '../auth/users';
import { credentialsEmail } from './credentials-email';

export const CREDENTIALS_QUEUE = 'send-login-credentials';

/** One job per recipient, so a failure retries that person alone. */
export type CredentialsJob = { email: string; firstName: string | null; lastName: string | null; origin: string };

/** Every driver registered for this year's rally, once per address. */
export async function registeredDrivers(db: Db) {
  return db
    .selectDistinctOn([sql`lower(${signups.driverEmail})`], {
      email: signups.driverEmail,
      firstName: signups.driverFirstName,
      lastName: signups.driverLastName,
    })
    .from(signups)
    .where(eq(signups.rallyYear, DEFAULT_RALLY_YEAR))
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
  await linkSignupsToUser(db, user);
  return user;
}

/** Creates the account if needed, issues a 72-hour single-use set-password link and e-mails it. */
export async function sendCredentials(app: FastifyInstance, job: CredentialsJob): Promise<void> {
  const user = await accountFor(app.db, job);
  const token = await issuePasswordToken(app.db, user.id, SET_PASSWORD_TOKEN_TTL_MS);
  const link = `${job.origin}/reset-password?token=${token}`;
  await app.mailer.send(credentialsEmail(user.email, user.firstName ?? job.firstName, link, `${job.origin}/login`));
}

/** The background worker: a slow mail server delays the e-mails, never the organiser's request. */
export async function startCredentialsWorker(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.createQueue(CREDENTIALS_QUEUE);
  await jobs.work<CredentialsJob>(CREDENTIALS_QUEUE, { batchSize: 5, pollingIntervalSeconds: 1 }, async (batch) => {
    for (const job of batch) await sendCredentials(app, job.data);
  });
}
