import { z } from 'zod';
import { StartError } from './errors';
import path from 'node:path';
import { parseTrustProxy } from './trust-proxy';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

/** 32 bytes in base64 (make one with `openssl rand -base64 32`). */
const base64Key = z
  .string()
  .refine(
    (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v.trim()) && Buffer.from(v.trim(), 'base64').length === 32,
    'must be 32 bytes in base64 (openssl rand -base64 32)',
  )
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the site, used in e-mail links and the origin check, e.g. https://rally.example.org */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .refine((v) => URL.canParse(v), 'is not a valid URL: percent-encode / ? # in the password (or use a hex password)')
    .optional(),
  /** How long a start waits for DATABASE_URL to answer (a database container still starting) before it gives up. */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: bool,
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Jersey Charity Rally <no-reply@jerseycharityrally.org>'),
  MAIL_RATE_PER_SECOND: z.coerce.number().positive().default(10),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2),
  /** How long a bulk-mail outbox row stays with the lane that took it (described in .env.example). */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  /**
   * Web Push (the rally app's notifications): the VAPID key pair in base64url, as
   * `npx web-push generate-vapid-keys` prints it. Unset: the site makes a pair once and keeps it in
   * the database, shared by every instance. The subject is how a push service reaches the site's
   * owner (mailto: or https:); unset: mailto: the settings' support address.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'must be a P-256 public key in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}={0,2}$/, 'must be a P-256 private key in base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('auto'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.url().optional(),
  /**
   * The bucket `npm run backup:offsite` copies backups to, on the S3_* endpoint with its keys:
   * default S3_BUCKET. A bucket of their own: the uploads' bucket is usually readable by anyone.
   */
  BACKUP_S3_BUCKET: z.string().min(1).optional(),
  /** JustGiving (docs/features/justgiving.md). With an app id, team totals are read from their JustGiving pages. */
  JUSTGIVING_APP_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be the app id JustGiving issued (letters, digits, dashes)')
    .optional(),
  /** Another API address (tests point the sync at a local server); JustGiving's own by default. */
  JUSTGIVING_API_URL: z.url().default('https://api.justgiving.com'),
  /** A hop count or a comma-separated list of proxy addresses/CIDRs (src/server/trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'object' && !Array.isArray(parsed)) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  DATA_ENCRYPTION_KEY: base64Key,
  DATA_ENCRYPTION_KEY_PREVIOUS: base64Key,
  /** Days after the rally's last day before passports, medical and dietary data are erased. */
  SENSITIVE_DATA_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Rate limits per client address (described in .env.example); sized for a venue's shared Wi-Fi. */
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_REGISTER_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_FORGOT_PER_IP: z.coerce.number().int().min(1).default(60),
  /** GoCardless (docs/features/deposits.md). With an access token, "Pay Deposit Now" starts a Billing Request. */
  GOCARDLESS_ACCESS_TOKEN: z.string().min(1).optional(),
  GOCARDLESS_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  /** The secret of the webhook endpoint registered in the GoCardless dashboard. */
  GOCARDLESS_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another API address (tests point the client at a local server); unset for GoCardless itself. */
  GOCARDLESS_BASE_URL: z
    .url()
    // Requests keep GoCardless's own paths, so only where they connect to can change.
    .refine((u) => new URL(u).pathname === '/' && /^https?:$/.test(new URL(u).protocol), 'an http(s) origin only, without a path')
    .optional(),
  /**
   * Tests and demos: the instant (ISO date-time) the site takes as now for the season's phase and
   * countdown (src/server/clock.ts). Refused in production.
   */
  RALLY_CLOCK: z.iso.datetime({ offset: true, message: 'must be an ISO date-time (YYYY-MM-DDThh:mm:ssZ)' }).optional(),
  /** /health/ready fails, and a start warns, when the disk holding DATA_DIR has less free space than this. */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(256),
  /**
   * Open live event streams (GET /api/live-events, one per open /live page) one instance accepts;
   * beyond it a new one gets 503 with Retry-After. About 10 KB of memory each (docs/features/live-load.md).
   */
  LIVE_STREAM_LIMIT: z.coerce.number().int().min(1).default(5000),
  /**
   * Open live event streams one client address (behind TRUST_PROXY's proxies) may hold on one
   * instance, so one client cannot take every slot of LIVE_STREAM_LIMIT; beyond it 503. Phones on a
   * carrier's shared address count together, hence not a handful.
   */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /**
   * The window (ms) in which bursts of live events are gathered before they go to the open /live
   * pages (features/live-events/coalescer.ts, docs/features/live-load.md); 0 passes every event at once.
   */
  LIVE_GATHER_MS: z.coerce.number().int().min(0).max(2000).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The bearer token a Prometheus scraper sends for /metrics (docs/operations.md, "Metrics"). Unset:
   * /metrics answers 404.
   */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters (openssl rand -hex 24)').optional(),
});

export type Config = z.output<typeof envSchema> & { dataDir: string; embedded: boolean };

/** Variables that became rally settings: a site still setting them would silently lose them. */
const NOW_SETTINGS: Record<string, string> = {
  CAR_LIMIT: 'the car limit',
  REGISTRATION_CLOSES_AT: 'the registration closing date',
  DEPOSIT_AMOUNT_PENCE: 'the deposit amount',
};

/** Reads the environment once; a bad value stops the start with a list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const moved = Object.keys(NOW_SETTINGS).filter((name) => cleaned[name] !== undefined);
  if (moved.length) {
    const lines = moved.map((name) => `  - ${name}: ${NOW_SETTINGS[name]} is now set on /admin/settings; set it there and remove ${name}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Links in e-mails are built from PUBLIC_URL only; in production there is no safe fallback.
  if (c.NODE_ENV === 'production' && !c.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  - PUBLIC_URL: required when NODE_ENV=production (the address used in e-mail links, e.g. https://rally.example.org)',
    );
  }
  // A real site's registration must open and close by the real calendar.
  if (c.NODE_ENV === 'production' && c.RALLY_CLOCK) {
    throw new ConfigError('Invalid configuration:\n  - RALLY_CLOCK: only for tests and demos; remove it when NODE_ENV=production');
  }
  if (c.ADMIN_EMAIL && !c.ADMIN_PASSWORD) throw new ConfigError('Invalid configuration:\n  - ADMIN_PASSWORD: required with ADMIN_EMAIL');
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  - VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all',
    );
  }
  if (c.GOCARDLESS_ACCESS_TOKEN && !c.GOCARDLESS_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  - GOCARDLESS_WEBHOOK_SECRET: required with GOCARDLESS_ACCESS_TOKEN (payments are confirmed by the webhook)',
    );
  }
  // Every instance on one database must seal with the same key; a key file made per DATA_DIR would
  // differ between instances, and the values one sealed would fail on the other.
  if (c.NODE_ENV !== 'test' && c.DATABASE_URL && !c.DATA_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  - DATA_ENCRYPTION_KEY: required with DATABASE_URL, the same on every instance (32 bytes in base64: openssl rand -base64 32); see docs/operations.md',
    );
  }
  return { ...c, dataDir: path.resolve(c.DATA_DIR), embedded: !c.DATABASE_URL };
}

export class ConfigError extends StartError {}
