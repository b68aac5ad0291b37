import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The public lists (leaderboard, teams, past participants) kept as ready-to-send JSON in each
 * instance. Every request first reads one counter that database triggers move on any change to
 * teams, donations or historic ralliers (migration 0003), so a new donation shows on the very
 * next request, on every instance, while unchanged data is never queried or serialised twice.
 */
export class PublicCache {
  private entries = new Map<string, { version: number; body: string }>();
  private building = new Map<string, Promise<string>>();

  constructor(private db: Db) {}

  private async version(): Promise<number> {
    const result = (await this.db.execute(sql`select version from public_data_version where id = 1`)) as unknown as { rows: { version: string | number }[] };
    return Number(result.rows[0]?.version ?? 0);
  }

  /** The JSON text for this key: cached while the data is unchanged, else built once by `compute`. */
  async json(key: string, compute: () => Promise<unknown>): Promise<string> {
    const version = await this.version();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.body;
    // Requests that miss together share one build. The data read is at least as new as `version`.
    const buildKey = `${key}@${version}`;
    let build = this.building.get(buildKey);
    if (!build) {
      build = compute()
        .then((value) => {
          const body = JSON.stringify(value);
          const current = this.entries.get(key);
          if (!current || current.version <= version) this.entries.set(key, { version, body });
          return body;
        })
        .finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, build);
    }
    return build;
  }
}
