import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { compressBody, type Encoding } from './body-compression';

/** The channel migration 0009's trigger notifies with the new public data version. */
export const PUBLIC_DATA_CHANNEL = 'public_data_version';

/**
 * One ready public answer: the value (for the server's own use), its JSON bytes, a validator, and
 * its compressed forms made on first use.
 */
export class CachedAnswer {
  readonly etag: string;
  readonly body: Buffer;
  private encoded = new Map<Encoding, Buffer>();

  constructor(readonly value: unknown) {
    this.body = Buffer.from(JSON.stringify(value));
    this.etag = `W/"${createHash('sha1').update(this.body).digest('base64url').slice(0, 22)}"`;
  }

  as(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) this.encoded.set(encoding, (bytes = compressBody(this.body, encoding)));
    return bytes;
  }
}

/**
 * The public answers (leaderboard, teams, past participants) kept ready to send in each instance,
 * keyed by the public data version that database triggers move on any change to teams, donations
 * or historic ralliers (migrations 0003 and 0009). The version is held in memory while this
 * instance is listening for the trigger's NOTIFY (PGlite in process, a LISTEN connection on
 * PostgreSQL), so a cached answer costs no database round trip; a write request through this
 * instance, or a lost listening connection, makes the next request read the version again.
 */
export class PublicCache {
  private entries = new Map<string, { version: number; answer: CachedAnswer }>();
  private building = new Map<string, Promise<CachedAnswer>>();
  /** The version while it is known to be current; null when the database must be asked. */
  private known: number | null = null;
  private listening = false;
  /** Moves on every notification or invalidation, so a read that raced one is not trusted. */
  private epoch = 0;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private database: Database) {}

  /** Starts listening for changes; until then (or without it) every request asks the database. */
  async start(): Promise<void> {
    this.unlisten = await this.database.listen(PUBLIC_DATA_CHANNEL, {
      onMessage: (payload) => {
        this.epoch++;
        const version = Number(payload);
        this.known = this.known !== null && Number.isFinite(version) ? Math.max(this.known, version) : null;
      },
      onReady: () => {
        this.epoch++;
        this.known = null;
        this.listening = true;
      },
      onLost: () => {
        this.epoch++;
        this.known = null;
        this.listening = false;
      },
    });
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.known = null;
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  /** This instance just wrote data: the next request reads the version again. */
  invalidate(): void {
    this.epoch++;
    this.known = null;
  }

  /** The public data version: what every cached answer, and every server-rendered page, is kept by. */
  async version(): Promise<number> {
    if (this.known !== null) return this.known;
    const epoch = this.epoch;
    const result = (await this.database.db.execute(sql`select version from public_data_version where id = 1`)) as unknown as {
      rows: { version: string | number }[];
    };
    const version = Number(result.rows[0]?.version ?? 0);
    if (this.listening && epoch === this.epoch) this.known = version;
    return version;
  }

  /** The ready answer for this key: cached while the data is unchanged, else built once by `compute`. */
  async answer(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    const version = await this.version();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.answer;
    // Requests that miss together share one build. The data read is at least as new as `version`.
    const buildKey = `${key}@${version}`;
    let build = this.building.get(buildKey);
    if (!build) {
      build = compute()
        .then((value) => {
          const answer = new CachedAnswer(value);
          const current = this.entries.get(key);
          if (!current || current.version <= version) this.entries.set(key, { version, answer });
          return answer;
        })
        .finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, build);
    }
    return build;
  }
}
