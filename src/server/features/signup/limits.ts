import type { Config } from '../../config';
import type { Limit } from '../../services/rate-limit';

/**
 * Registrations from one address in an hour: a setting (RATE_LIMIT_SIGNUP_PER_IP, .env.example), so
 * one venue's Wi-Fi can register a whole field of teams.
 */
export const signupLimits = (s: Pick<Config, 'RATE_LIMIT_SIGNUP_PER_IP'>, ip: string): Limit[] => [
  { key: `signup:ip:${ip}`, max: s.RATE_LIMIT_SIGNUP_PER_IP, windowMs: 60 * 60 * 1000 },
];
