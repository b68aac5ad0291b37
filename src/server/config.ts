import { z } from 'zod';
import path from 'node:path';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the site, used in e-mail links and the origin check, e.g. https://rally.example.org */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: bool,
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('Jersey Charity Rally <no-reply@jerseycharityrally.org>'),
  MAIL_RATE_PER_SECOND: z.coerce.number().positive().default(10),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('auto'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.output<typeof envSchema> & { dataDir: string; embedded: boolean };

/** Reads the environment once; a bad value stops the start with a list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.ADMIN_EMAIL && !c.ADMIN_PASSWORD) throw new ConfigError('Invalid configuration:\n  - ADMIN_PASSWORD: required with ADMIN_EMAIL');
  return { ...c, dataDir: path.resolve(c.DATA_DIR), embedded: !c.DATABASE_URL };
}

export class ConfigError extends Error {}
