import type { SessionStore } from '@fastify/session';
import { createHash } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

type Callback = (err?: any, result?: any) => void;

/**
 * The key a session is stored under: a SHA-256 of its id, so a copy of the table (a backup, a
 * leaked dump) holds no id that signs anyone in. Migration 0023 converted the rows stored before.
 */
export const storedSessionId = (sid: string) => createHash('sha256').update(sid).digest('hex');

/**
 * Marks a session read from the table. @fastify/session copies it into the request's session
 * (a new or regenerated session never has it), so `set` knows the row should already exist.
 */
const LOADED = 'loadedFromStore';

/**
 * Sessions live in the `sessions` table so every app instance sees the same ones, each under a
 * hash of its id (storedSessionId). A session whose cookie carries no expiry lasts `ttlMs` (the
 * plugin passes its one session lifetime).
 */
export class DbSessionStore implements SessionStore {
  constructor(
    private db: Db,
    private ttlMs: number,
  ) {}

  set(id: string, session: any, callback: Callback) {
    const sid = storedSessionId(id);
    const expire = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + this.ttlMs);
    const { [LOADED]: loaded, ...sess } = JSON.parse(JSON.stringify(session));
    const userId = typeof session.userId === 'string' ? session.userId : null;
    // A loaded session is only updated: if its row was deleted meanwhile (logout elsewhere, a
    // password reset, a verification ending the account's other sessions), a request that was
    // already under way must not write it back when it answers.
    const write = loaded
      ? this.db.update(sessions).set({ sess, expire, userId }).where(eq(sessions.sid, sid))
      : this.db
          .insert(sessions)
          .values({ sid, sess, expire, userId })
          .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire, userId } });
    write.then(() => callback(), callback);
  }

  get(sid: string, callback: Callback) {
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, storedSessionId(sid)))
      .then(([row]) => {
        if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
        callback(null, { ...withoutSecureFlag(row.sess), [LOADED]: true });
      }, callback);
  }

  destroy(sid: string, callback: Callback) {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, storedSessionId(sid)))
      .then(() => callback(), callback);
  }
}

/**
 * The cookie's Secure flag is the plugin's to decide on each answer (session.ts), not the one the
 * session was first saved with: a session made over https would otherwise never be saved or rolled
 * on again by a request that looked like plain http.
 */
function withoutSecureFlag(sess: any) {
  if (!sess?.cookie || !('secure' in sess.cookie)) return sess;
  const { secure: _secure, ...cookie } = sess.cookie;
  return { ...sess, cookie };
}

export async function purgeExpiredSessions(db: Db): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expire, new Date())).returning({ sid: sessions.sid });
  return rows.length;
}
