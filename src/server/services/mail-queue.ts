import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MailMessage } from './mail';

export const MAIL_QUEUE = 'promised-mail';

/** Retried for about a day (30 s doubling, ten times): a mail server or disk that is down for a while loses nothing. */
const RETRY = { retryLimit: 10, retryDelay: 30, retryBackoff: true } as const;

/**
 * An e-mail a request promised (a registration's confirmation): written to the job queue, so a
 * failure to send it (the mail server down, the outbox's disk full) is retried rather than lost.
 * The message id is fixed here, so a retry after a send that did go out is recognisably the same
 * message. Without a queue (tests that do not start one) it is sent at once.
 */
export async function sendPromisedMail(app: FastifyInstance, message: MailMessage): Promise<void> {
  const host = new URL(app.config.PUBLIC_URL ?? 'http://localhost').hostname;
  const withId = { ...message, messageId: message.messageId ?? `<${randomUUID()}@${host}>` };
  if (!app.jobs) {
    await app.mailer.send(withId);
    return;
  }
  await app.jobs.createQueue(MAIL_QUEUE);
  await app.jobs.send(MAIL_QUEUE, withId, RETRY);
}

/** The worker that sends queued promised mail, one message per job. */
export async function startPromisedMailWorker(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.createQueue(MAIL_QUEUE);
  await jobs.work<MailMessage>(MAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async (batch) => {
    for (const job of batch) {
      try {
        await app.mailer.send(job.data);
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        // A permanent refusal (5xx) would fail every retry too; anything else is tried again.
        if (code === undefined || code < 500) throw err;
        app.log.warn({ jobId: job.id, responseCode: code }, 'promised e-mail refused by the mail server');
      }
    }
  });
}
