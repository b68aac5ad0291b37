import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailVerificationTokens, sessions, users, type User } from '../db/schema';
import { linkTeamsToUser } from './accounts';

/**
 * Following a link e-mailed to an address (a team invitation) proves the mailbox as a verification
 * link does. A browser that proved it before it had an account keeps the proof for a day in its
 * session, so the account it then creates or signs in to for that address needs no second
 * confirmation.
 */
const PROOF_TTL_MS = 24 * 60 * 60 * 1000;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Keeps in this browser's session that it proved the mailbox of `email` just now. */
export function rememberProvenMailbox(request: FastifyRequest, email: string): void {
  request.session.provenMailbox = { email: email.trim().toLowerCase(), until: Date.now() + PROOF_TTL_MS };
}

/** True when this browser's session proved the mailbox of `email` within the last day. */
export function hasProvenMailbox(request: FastifyRequest, email: string): boolean {
  const proof = request.session.provenMailbox;
  return Boolean(proof && proof.until > Date.now() && sameAddress(proof.email, email));
}

/** True when the signed-in account is `email`'s and still waits for its confirmation. */
export function isUnverifiedAccountOf(user: User | null | undefined, email: string): user is User {
  return Boolean(user && !user.emailVerifiedAt && sameAddress(user.email, email));
}

/**
 * The account's first verification, by a proof other than its verification link, given by
 * someone who also holds the account's password or a session made with it: as verifyWithToken,
 * the address is marked verified, its confirmation link has nothing left to prove, every session
 * of the account ends (someone else may have registered the address and still be signed in; the
 * caller gives the verifier a new one) and the teams registered under it are linked. Returns the
 * user, or null when it was already verified or is gone (nothing changes then).
 */
export async function verifyByProvenMailbox(db: Db, userId: string): Promise<User | null> {
  return db.transaction(async (tx) => {
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
      .returning();
    if (!verified) return null;
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await linkTeamsToUser(tx, verified);
    return verified;
  });
}
