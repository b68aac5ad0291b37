import type { SessionStore } from '@fastify/session';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

type Callback = (err?: any, result?: any) => void;

/**
 * Sessions live in the `sessions` table so every app instance sees the same ones. A session whose
 * cookie carries no expiry lasts `ttlMs` (the plugin passes its one session lifetime).
 */
export class DbSessionStore implements SessionStore {
  constructor(
    private db: Db,
    private ttlMs: number,
  ) {}

  set(sid: string, session: any, callback: Callback) {
    const expire = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + this.ttlMs);
    const sess = JSON.parse(JSON.stringify(session));
    const userId = typeof session.userId === 'string' ? session.userId : null;
    this.db
      .insert(sessions)
      .values({ sid, sess, expire, userId })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire, userId } })
      .then(() => callback(), callback);
  }

  get(sid: string, callback: Callback) {
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
        callback(null, row.sess);
      }, callback);
  }

  destroy(sid: string, callback: Callback) {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }
}

export async function purgeExpiredSessions(db: Db): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expire, new Date())).returning({ sid: sessions.sid });
  return rows.length;
}
