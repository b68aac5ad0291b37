import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { followTeamSchema } from '../../../common/schemas/followers';
import { followTeamRequest } from './start-follow-request';
import { followsPersonalData } from './personal-data';
import { queueUpdatePush, startFollowerPushWorker } from './follower-push';
import { endFollowsAfterResults, queueDigests, queueResults, queueUpdate, unqueuedUpdates } from './queue-sends';

export const FOLLOWERS_SWEEP_QUEUE = 'followers-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    teamFollowers: FollowersWork;
  }
}

/**
 * Takes a team's new update to its followers without the team's request waiting: the post nudges
 * (updatePosted, not awaited), and a sweep every minute on any instance queues what a nudge missed
 * (a restart in between), the daily digests, the results e-mail, and ends follows whose team's results are out.
 */
export class FollowersWork {
  private running = new Set<Promise<void>>();
  constructor(private app: FastifyInstance) {}

  /**
   * "Follow this team" from a team's donate page: the route is the team's (features/fundraising,
   * POST /api/fundraising/teams/:id/followers), the rules are these (start-follow-request.ts).
   */
  requestFollow(request: FastifyRequest, reply: FastifyReply, signupId: number, body: z.output<typeof followTeamSchema>) {
    return followTeamRequest(this.app, request, reply, signupId, body);
  }

  /** Called once an update is stored; returns at once. */
  updatePosted(updateId: number) {
    const p = this.queueAndWake(updateId)
      .catch((err) => this.app.log.error({ err, updateId }, "update not queued for the team's followers; the sweep will try again"))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  async queueAndWake(updateId: number) {
    const queued = await queueUpdate(this.app, updateId);
    if (!queued) return;
    if (queued.bulkSendId) await this.app.bulkMail.wake(queued.bulkSendId);
    // Only the call that queued the update's e-mails queues its push: it goes once.
    await queueUpdatePush(this.app, updateId);
  }

  async sweep(now = new Date()) {
    for (const id of await unqueuedUpdates(this.app.db, now)) await this.queueAndWake(id);
    for (const id of await queueDigests(this.app, now)) await this.app.bulkMail.wake(id);
    // The results e-mail first: queueing it ends its team's follows in the same transaction.
    for (const id of await queueResults(this.app)) await this.app.bulkMail.wake(id);
    await endFollowsAfterResults(this.app.db);
  }

  /** Waits for the nudges in flight (tests, and stopping the app). */
  async settled() {
    await Promise.allSettled([...this.running]);
  }

  async start() {
    const jobs = this.app.jobs;
    if (!jobs) return;
    await jobs.createQueue(FOLLOWERS_SWEEP_QUEUE);
    await jobs.work(FOLLOWERS_SWEEP_QUEUE, async () => this.sweep());
    await jobs.schedule(FOLLOWERS_SWEEP_QUEUE, '* * * * *');
    await startFollowerPushWorker(this.app);
  }
}

export default fp(
  async (app) => {
    const work = new FollowersWork(app);
    app.decorate('teamFollowers', work);
    app.workerStarters.push(() => work.start());
    app.personalDataParts.push(followsPersonalData);
    app.addHook('onClose', async () => work.settled());
  },
  { name: 'team-followers', dependencies: ['bulk-mail'], decorators: { fastify: ['db', 'config', 'bulkMail'] } },
);
