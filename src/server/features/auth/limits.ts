import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import type { Limit } from '../../services/rate-limit';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Counters name an account by a hash of its address, so the table holds no e-mail addresses. */
const account = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

/** The settings of config.ts that size these limits (described in .env.example). */
export type LimitSettings = Pick<
  Config,
  'RATE_LIMIT_LOGIN_PER_IP' | 'RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP' | 'RATE_LIMIT_REGISTER_PER_IP' | 'RATE_LIMIT_FORGOT_PER_IP'
>;

/**
 * Abuse limits, counted in the database. Login counts only failures (a success takes its hit
 * back). Failed logins are counted per address and per (account, address): guessing from one
 * address is stopped, while the real owner logging in from another address is never locked out.
 * The per-address sizes are settings, so one venue's Wi-Fi can register a whole field of teams.
 */
export const authLimits = {
  login: (s: LimitSettings, ip: string, email: string): Limit[] => [
    { key: `login:ip:${ip}`, max: s.RATE_LIMIT_LOGIN_PER_IP, windowMs: 15 * MINUTE },
    { key: `login:account-ip:${account(email)}:${ip}`, max: s.RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP, windowMs: 15 * MINUTE },
  ],
  register: (s: LimitSettings, ip: string, email: string): Limit[] => [
    { key: `register:ip:${ip}`, max: s.RATE_LIMIT_REGISTER_PER_IP, windowMs: HOUR },
    { key: `register:account:${account(email)}`, max: 5, windowMs: HOUR },
  ],
  forgot: (s: LimitSettings, ip: string, email: string): Limit[] => [
    { key: `forgot:ip:${ip}`, max: s.RATE_LIMIT_FORGOT_PER_IP, windowMs: HOUR },
    { key: `forgot:account:${account(email)}`, max: 5, windowMs: HOUR },
  ],
  /** Each verification link names its account through the token, which is random, so per address is enough. */
  verify: (ip: string): Limit[] => [{ key: `verify:ip:${ip}`, max: 60, windowMs: HOUR }],
  resendVerification: (ip: string, userId: string): Limit[] => [
    { key: `resend-verification:ip:${ip}`, max: 60, windowMs: HOUR },
    { key: `resend-verification:account:${userId}`, max: 3, windowMs: HOUR },
  ],
  /** A reset link names its account only through the token, so the token stands for the account. */
  reset: (ip: string, tokenHash: string): Limit[] => [
    { key: `reset:ip:${ip}`, max: 30, windowMs: HOUR },
    { key: `reset:account:${tokenHash}`, max: 5, windowMs: HOUR },
  ],
};
