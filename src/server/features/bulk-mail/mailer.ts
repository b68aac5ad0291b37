import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { bulkSends, contacts } from '../../db/schema';
import { clickUrl, isBounce, isTemporaryFailure, personalMessage, RateLimiter, unsubscribeUrl } from './content';
import { claimRows, finishRow, finishSentRows, pendingRows, releaseExpired, unfinishedSends, type ClaimedRow } from './outbox';
import { Coalescer } from './coalescer';
import { waitForDatabase } from '../../db/wait-for-database';
import { endFollowsOfBouncedAddress, FOLLOWERS_KIND, followStopUrl } from '../../services/follower-audience';

export const DRAIN_QUEUE = 'bulk-mail-drain';
export const SWEEP_QUEUE = 'bulk-mail-sweep';

export type BulkMailOptions = {
  ratePerSecond: number;
  concurrency: number;
  /** How long a claimed row belongs to its worker; after a crash it is sent again once this ends. */
  leaseMs: number;
  /** Attempts per recipient before a temporary failure becomes final. */
  maxAttempts: number;
  /** First retry delay; doubled each attempt. */
  retryBaseMs: number;
  /** Consecutive failures that pause a send (a broken mail server should not burn the whole list). */
  pauseAfterFailures: number;
  /** A send nobody has worked on for this long is picked up again by the schedule. */
  staleMs: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    bulkMail: BulkMailer;
  }
}

type SendStatements = { claim: Coalescer<undefined, ClaimedRow | null>; sent: Coalescer<ClaimedRow, undefined> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends the bulk e-mail outbox (bulk_send_recipients). pg-boss wakes a drain per send (on any
 * instance); the drain claims rows one at a time, so instances share the work without taking the
 * same row, and a restart resumes from the rows still queued or whose lease has ended.
 */
export class BulkMailer {
  opts: BulkMailOptions;
  private limiter: RateLimiter;
  private stopping = false;
  private started = false;
  private draining = new Map<number, Promise<void>>();

  constructor(private app: FastifyInstance) {
    this.opts = {
      ratePerSecond: app.config.MAIL_RATE_PER_SECOND,
      concurrency: app.config.MAIL_CONCURRENCY,
      leaseMs: app.config.MAIL_LEASE_SECONDS * 1000,
      maxAttempts: 5,
      retryBaseMs: 30_000,
      pauseAfterFailures: 20,
      staleMs: 60_000,
    };
    this.limiter = new RateLimiter(this.opts.ratePerSecond);
  }

  configure(opts: Partial<BulkMailOptions>) {
    this.opts = { ...this.opts, ...opts };
    this.limiter = new RateLimiter(this.opts.ratePerSecond);
  }

  /** Starts the queue workers and resumes every unfinished send. */
  async start() {
    const jobs = this.app.jobs;
    if (!jobs) return;
    await jobs.createQueue(DRAIN_QUEUE);
    await jobs.createQueue(SWEEP_QUEUE);
    await jobs.work<{ sendId: number }>(DRAIN_QUEUE, async (batch) => {
      for (const job of batch) await this.drain(job.data.sendId);
    });
    await jobs.work(SWEEP_QUEUE, async () => this.sweep(new Date(Date.now() - this.opts.staleMs)));
    // Every minute, across all instances: sends whose worker went away are woken again.
    await jobs.schedule(SWEEP_QUEUE, '* * * * *');
    this.started = true;
    await this.sweep();
  }

  /**
   * Asks a worker (on any instance) to drain this send, and starts on it here at once when this
   * instance sends mail: the queue's workers look for new jobs only every few seconds. The job stays
   * the durable request; other instances join through the queue and the claim's `skip locked`.
   */
  async wake(sendId: number) {
    if (this.stopping) return;
    await this.app.jobs?.send(DRAIN_QUEUE, { sendId }, { expireInHours: 23, retryLimit: 5, retryDelay: 30 });
    if (this.started)
      this.drain(sendId).catch((err) => this.app.log.error({ err, sendId }, 'bulk send stopped; the queue will pick it up again'));
  }

  async sweep(staleBefore?: Date) {
    for (const id of await unfinishedSends(this.app.db, staleBefore)) await this.wake(id);
  }

  /** Finishes the message in hand on each lane, then stops taking rows. */
  async stop() {
    this.stopping = true;
    await Promise.allSettled(this.draining.values());
  }

  /** Sends a send's due rows until none are left (or it is paused). One drain per send per process. */
  drain(sendId: number): Promise<void> {
    const running = this.draining.get(sendId);
    if (running) return running;
    const p = this.drainLoop(sendId).finally(() => this.draining.delete(sendId));
    this.draining.set(sendId, p);
    return p;
  }

  private async drainLoop(sendId: number) {
    const db = this.app.db;
    const failures = { consecutive: 0 };
    while (!this.stopping) {
      const [send] = await db.select().from(bulkSends).where(eq(bulkSends.id, sendId));
      if (!send || send.status === 'paused' || send.status === 'done') return;
      // The heartbeat: the schedule leaves a send alone while someone works on it.
      await db
        .update(bulkSends)
        .set({ status: 'sending' })
        .where(and(eq(bulkSends.id, sendId), inArray(bulkSends.status, ['queued', 'sending'])));
      await releaseExpired(db, sendId);

      const heartbeat = setInterval(
        () => {
          db.update(bulkSends)
            .set({ updatedAt: new Date() })
            .where(eq(bulkSends.id, sendId))
            .catch(() => {});
        },
        Math.max(1000, this.opts.staleMs / 4),
      );
      try {
        const rows = this.sendStatements(send);
        await Promise.all(Array.from({ length: this.opts.concurrency }, () => this.lane(send, failures, rows)));
      } finally {
        clearInterval(heartbeat);
      }
      if (failures.consecutive >= this.opts.pauseAfterFailures) {
        await db.update(bulkSends).set({ status: 'paused' }).where(eq(bulkSends.id, sendId));
        this.app.log.warn({ sendId }, 'bulk send paused after repeated failures');
        return;
      }
      const { pending, nextAt } = await pendingRows(db, sendId);
      if (pending === 0) {
        await db
          .update(bulkSends)
          .set({ status: 'done' })
          .where(and(eq(bulkSends.id, sendId), eq(bulkSends.status, 'sending')));
        return;
      }
      // Waiting for a retry time or for another worker's lease: look again soon.
      const wait = nextAt ? nextAt.getTime() - Date.now() : 1000;
      await sleep(Math.min(Math.max(wait, 200), 5000));
    }
  }

  private async lane(send: typeof bulkSends.$inferSelect, failures: { consecutive: number }, rows: SendStatements) {
    while (!this.stopping && failures.consecutive < this.opts.pauseAfterFailures) {
      await this.limiter.take();
      if (this.stopping) return;
      const row = await rows.claim.call(undefined);
      if (!row) return;
      const ok = await this.sendRow(send, row, rows);
      failures.consecutive = ok ? 0 : failures.consecutive + 1;
    }
  }

  /** Sends one row; false when the mail server refused or failed. */
  private async sendRow(send: typeof bulkSends.$inferSelect, row: ClaimedRow, rows: SendStatements): Promise<boolean> {
    const db = this.app.db;
    // Checked when claimed, by the same rule as the audience, not only when the send was queued:
    // someone may have left the list, been deleted or bounced meanwhile.
    if (!row.mayReceive) {
      await finishRow(db, row, { status: 'skipped' });
      return true;
    }
    // Built from the configuration at send time, never from the organiser's request.
    const link =
      send.kind === FOLLOWERS_KIND
        ? followStopUrl(this.app.config, row.unsubscribeToken)
        : unsubscribeUrl(this.app.config, row.unsubscribeToken);
    const countedLink = send.trackClicks
      ? (i: number) => clickUrl(this.app.config, this.app.signingKey, { sendId: send.id, recipientId: row.id, link: i })
      : undefined;
    let refusal: unknown = null;
    try {
      await this.app.mailer.send(
        personalMessage(send, {
          email: row.email,
          messageId: row.messageId,
          unsubscribeUrl: link,
          mergeFields: row.mergeFields,
          countedLink,
        }),
      );
    } catch (err) {
      refusal = err;
    }
    if (!refusal) {
      // Recorded at once, in one statement: a message the server accepted is sent again only if the
      // process or the database dies in the moment between the server's 250 and this commit.
      await this.recordAnswer(row, () => rows.sent.call(row));
      return true;
    }
    const message = (refusal as Error).message?.slice(0, 500) ?? 'send failed';
    if (isBounce(refusal)) {
      // The receiving server refused the address for good: later sends leave the contact out.
      await this.recordAnswer(row, () => finishRow(db, row, { status: 'bounced', lastError: message }));
      await db
        .update(contacts)
        .set({ bouncedAt: new Date(), bounceReason: message })
        .where(eq(contacts.email, row.email.trim().toLowerCase()));
      await endFollowsOfBouncedAddress(db, row.email);
    } else if (isTemporaryFailure(refusal) && row.attempts < this.opts.maxAttempts) {
      const delay = this.opts.retryBaseMs * 2 ** (row.attempts - 1);
      await this.recordAnswer(row, () =>
        finishRow(db, row, { status: 'queued', lastError: message, nextAttemptAt: new Date(Date.now() + delay) }),
      );
    } else {
      await this.recordAnswer(row, () => finishRow(db, row, { status: 'failed', lastError: message }));
    }
    this.app.log.warn({ sendId: send.id, rowId: row.id, err: message }, 'bulk e-mail not sent');
    return false;
  }

  /**
   * Records what the mail server answered for a row. Until it is stored the answer exists only in
   * this process, and a row left unrecorded is sent again once its lease ends; so a database that
   * does not answer for a moment (a restart, a failover) is waited for while the lease still keeps
   * the row this lane's.
   */
  private recordAnswer(row: ClaimedRow, record: () => Promise<void>): Promise<void> {
    return waitForDatabase(record, {
      setting: 'DATABASE_URL',
      warn: (msg) => this.app.log.warn({ rowId: row.id }, `bulk e-mail answer not recorded yet: ${msg}`),
      giveUpAfterMs: Math.max(0, row.leaseEndsAt - Date.now() - 5000),
    });
  }

  /**
   * The two statements every message needs, shared by a send's lanes: lanes that ask at the same
   * moment are served by one claim and one record. Each lane still holds one row at a time and waits
   * for its answer to be stored before it takes the next, so a crash can repeat at most one message
   * per lane.
   */
  private sendStatements(send: typeof bulkSends.$inferSelect): SendStatements {
    const db = this.app.db;
    return {
      claim: new Coalescer(async (asks) => {
        const claimed = await claimRows(db, send, this.opts.leaseMs, asks.length);
        return asks.map((_, i) => claimed[i] ?? null);
      }),
      sent: new Coalescer(async (rows) => {
        await finishSentRows(db, rows);
        return rows.map(() => undefined);
      }),
    };
  }
}

/** Decorates the app with its bulk mailer; stopping the app lets in-flight messages finish. */
export default fp(
  async (app) => {
    const mailer = new BulkMailer(app);
    app.decorate('bulkMail', mailer);
    app.workerStarters.push(() => mailer.start());
    app.addHook('onClose', async () => mailer.stop());
  },
  { name: 'bulk-mail', decorators: { fastify: ['db', 'config', 'mailer', 'jobs'] } },
);
