import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

/**
 * SESSION_SECRET when set (required for several instances: they must share it). Otherwise one is
 * made once and kept in the data folder, so sessions survive restarts of a single instance.
 */
export function resolveSessionSecret(config: Config, warn: (msg: string) => void): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (!config.embedded) warn('SESSION_SECRET is not set: every instance behind a load balancer must share one.');
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
