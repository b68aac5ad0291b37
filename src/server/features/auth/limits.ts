import { createHash } from 'node:crypto';
import type { Limit } from '../../services/rate-limit';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Counters name an account by a hash of its address, so the table holds no e-mail addresses. */
const account = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

/**
 * Abuse limits, per client address and per account, counted in the database. Login counts only
 * failures (a success takes its hit back), so people who log in often are never locked out; the
 * rest count every request. Sizes leave room for a family or office behind one address.
 */
export const authLimits = {
  login: (ip: string, email: string): Limit[] => [
    { key: `login:ip:${ip}`, max: 30, windowMs: 15 * MINUTE },
    { key: `login:account:${account(email)}`, max: 10, windowMs: 15 * MINUTE },
  ],
  register: (ip: string, email: string): Limit[] => [
    { key: `register:ip:${ip}`, max: 20, windowMs: HOUR },
    { key: `register:account:${account(email)}`, max: 5, windowMs: HOUR },
  ],
  forgot: (ip: string, email: string): Limit[] => [
    { key: `forgot:ip:${ip}`, max: 20, windowMs: HOUR },
    { key: `forgot:account:${account(email)}`, max: 5, windowMs: HOUR },
  ],
  /** A reset link names its account only through the token, so the token stands for the account. */
  reset: (ip: string, tokenHash: string): Limit[] => [
    { key: `reset:ip:${ip}`, max: 30, windowMs: HOUR },
    { key: `reset:account:${tokenHash}`, max: 5, windowMs: HOUR },
  ],
};
