import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { liveEventSchema, type LiveEvent } from '../../common/schemas/live-events';

/** The PostgreSQL channel of the live event bus. */
export const LIVE_CHANNEL = 'live_events';
/** NOTIFY payloads stay far below PostgreSQL's 8000-byte limit: ids and kinds, never data. */
const MAX_PAYLOAD = 1000;

/**
 * Publishes a live event to every instance through pg_notify. Called with the caller's
 * transaction, PostgreSQL sends it when that transaction commits (and never if it rolls back).
 */
export async function notifyLive(db: Db, event: LiveEvent): Promise<void> {
  const payload = JSON.stringify(liveEventSchema.parse(event));
  if (payload.length > MAX_PAYLOAD) throw new Error(`live event too large (${payload.length} bytes): send ids, not data`);
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

export type LiveSubscriber = (event: LiveEvent) => void;

/**
 * This process's end of the bus: one LISTEN connection (Database.listen: its own connection,
 * opened again with a growing delay while the database is away), fanned out to the subscribers
 * (the open event streams). After a reconnect it tells them `live.resync`, as events may have been
 * missed meanwhile.
 */
export class LiveEvents {
  private subscribers = new Set<LiveSubscriber>();
  private unlisten: (() => Promise<void>) | null = null;
  private readyOnce = false;
  private listening = false;

  constructor(
    private database: Database,
    private log: { warn: (obj: object, msg: string) => void } = { warn: () => {} },
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(LIVE_CHANNEL, {
      onMessage: (payload) => this.receive(payload),
      onReady: () => {
        this.listening = true;
        if (this.readyOnce) this.publish({ kind: 'live.resync' });
        this.readyOnce = true;
      },
      onLost: () => {
        this.listening = false;
        this.log.warn({}, 'live events: lost the database connection, listening again');
      },
    });
  }

  /** True while this instance hears the bus (health and tests). */
  isListening(): boolean {
    return this.listening;
  }

  /** Calls `subscriber` with each event until the returned function is called. */
  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  async stop(): Promise<void> {
    this.subscribers.clear();
    this.listening = false;
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  private receive(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const event = liveEventSchema.safeParse(parsed);
    if (event.success) this.publish(event.data);
  }

  private publish(event: LiveEvent): void {
    for (const subscriber of this.subscribers) {
      try {
        subscriber(event);
      } catch (err) {
        this.log.warn({ err }, 'live events: a subscriber failed');
      }
    }
  }
}
