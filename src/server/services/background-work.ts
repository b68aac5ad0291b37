import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has gone (so its duration tells the caller nothing). Stopping the
 * app waits for it, and `idle()` tells a test that every task has finished before it checks what
 * did not happen.
 */
export class BackgroundWork {
  private pending = new Set<Promise<void>>();

  run(log: FastifyBaseLogger, failureMessage: string, work: () => Promise<void>): void {
    const task: Promise<void> = work()
      .catch((err: unknown) => log.error({ err }, failureMessage))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every task started so far (and any they started) has settled. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
