import { createHash } from 'node:crypto';
import { HttpError } from '../errors';

/**
 * The one refusal for an id made on the phone that comes back with another act: the phone made a
 * new act under an id it had used, so resending cannot help (a final refusal the app shows the team).
 */
export const CLIENT_ID_REUSED =
  'This was sent under an id the app had already used for something else, so it was not stored. Please do it again.';

/** The act as first sent, to tell a retry (the same) from a reused id (another act). */
export const fingerprintOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * What is stored under the id: null when nothing is; the stored row when it is the same act (a
 * retry after lost signal, the other phone); the one 409 when the id holds another act.
 */
export function storedAct<Row>(stored: Row | undefined, same: (row: Row) => boolean): Row | null {
  if (stored === undefined) return null;
  if (!same(stored)) throw new HttpError(409, CLIENT_ID_REUSED);
  return stored;
}

export type OncePerClientId<Row> = {
  /** The row stored under the act's id (the team's or anyone's, as the table keys it). */
  find: () => Promise<Row | undefined>;
  /** Whether the stored row is this act (same team, same body). */
  same: (row: Row) => boolean;
  /**
   * Stores the act; undefined when the same id was stored meanwhile (an insert that met the id's
   * unique index, or found it under the team's lock), and then that row is the answer.
   */
  store: () => Promise<Row | undefined>;
};

/**
 * Stores a team's act once per clientId made on the phone: answers, hints, check-ins, positions,
 * updates, "All OK" and SOS all keep this one rule. The same id with the same act is the stored
 * act's answer (`created` false); the same id with another act is one 409 (CLIENT_ID_REUSED).
 */
export async function oncePerClientId<Row>(act: OncePerClientId<Row>): Promise<{ row: Row; created: boolean }> {
  const earlier = storedAct(await act.find(), act.same);
  if (earlier) return { row: earlier, created: false };
  const row = await act.store();
  if (row !== undefined) return { row, created: true };
  const raced = storedAct(await act.find(), act.same);
  if (!raced) throw new Error('an act conflicted on its id, but no row holds the id');
  return { row: raced, created: false };
}
