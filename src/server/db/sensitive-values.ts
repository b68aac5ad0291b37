import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { ENVELOPE_PREFIX, envelopeKeyId, isEnvelope, open, seal } from '../field-cipher';
import { installedDataKeys, sealingDataKey } from './encrypted-text';

/** The signups columns stored encrypted; their names are the envelopes' associated data. */
export const SENSITIVE_COLUMNS = ['driver_passport', 'co_driver_passport', 'medical_conditions', 'dietary_requirements'] as const;

/**
 * Re-seals every sensitive value that is not already sealed under the current key: plain text
 * (rows written before encryption existed) and values under an older key (after a rotation).
 * One transaction, so a failure leaves every row as it was. Returns how many values changed.
 */
export async function resealSensitiveValues(db: Db, opts: { plainOnly?: boolean } = {}): Promise<number> {
  const key = sealingDataKey();
  const keys = installedDataKeys();
  let changed = 0;
  await db.transaction(async (tx) => {
    for (const column of SENSITIVE_COLUMNS) {
      const col = sql.identifier(column);
      const stale = opts.plainOnly
        ? sql`${col} is not null and ${col} not like ${ENVELOPE_PREFIX + '%'}`
        : sql`${col} is not null and ${col} not like ${`${ENVELOPE_PREFIX}${key.id}:%`}`;
      const { rows } = (await tx.execute(sql`select id, ${col} as value from signups where ${stale} for update`)) as unknown as {
        rows: { id: number; value: string }[];
      };
      for (const row of rows) {
        const plain = isEnvelope(row.value) ? open(keys, row.value, column) : row.value;
        await tx.execute(sql`update signups set ${col} = ${seal(key, plain, column)} where id = ${row.id}`);
        changed += 1;
      }
    }
  });
  return changed;
}

/** How many sensitive values each key sealed (and how many are still plain), for the rotation report. */
export async function countByKey(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const column of SENSITIVE_COLUMNS) {
    const col = sql.identifier(column);
    const { rows } = (await db.execute(sql`select ${col} as value from signups where ${col} is not null`)) as unknown as {
      rows: { value: string }[];
    };
    for (const { value } of rows) {
      const id = isEnvelope(value) ? envelopeKeyId(value) : 'plain';
      counts[id] = (counts[id] ?? 0) + 1;
    }
  }
  return counts;
}
