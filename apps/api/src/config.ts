import path from 'node:path';
import { z } from 'zod';
import { WEB_DIST_DIR } from './paths.ts';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** '5 minutes', '30s', '1 hour', or a number of milliseconds (as @fastify/rate-limit reads it); 0 if unreadable. */
export function durationMs(v: string): number {
  const m =
    /^\s*(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)?\s*$/i.exec(
      v,
    );
  if (!m) return 0;
  const unit = (m[2] ?? 'ms').toLowerCase();
  const key = unit === 'ms' || unit.startsWith('milli') ? 'ms' : unit[0];
  return Math.round(Number(m[1]) * UNIT_MS[key]);
}

/** An empty variable counts as unset. */
const unset = <T extends z.ZodType>(t: T) => z.preprocess((v) => (v === '' ? undefined : v), t);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, parsed once. Documented in the README. */
const envSchema = z.object({
  PORT: z.coerce.number().int().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  /** Connections of this process's pool (PostgreSQL); size it against max_connections × processes (docs/deployment.md). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).default(10),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(16).optional(),
  JWT_TTL_MINUTES: z.coerce.number().int().min(1).default(480),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Failed logins one address may make per window, whatever the accounts (decision 33). */
  LOGIN_RATE_MAX: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_WINDOW: z
    .string()
    .refine((v) => durationMs(v) > 0, 'LOGIN_RATE_WINDOW: e.g. "5 minutes"')
    .default('5 minutes'),
  /** Failed logins of one account (from any address) before it must wait; the wait then doubles. */
  LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_ACCOUNT_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(900),
  /**
   * Which X-Forwarded-For hops to believe for the client's address (login limits, session and error
   * logs): unset/false = none (the socket's address), true = all, a number = that many proxies, or a
   * comma-separated list of proxy addresses/CIDRs. Believing a header nobody rewrites would let anyone
   * pick their address and escape the login limit.
   */
  TRUST_PROXY: unset(
    z
      .string()
      .optional()
      .transform((v): boolean | number | string => {
        if (v === undefined || v === 'false' || v === '0') return false;
        if (v === 'true') return true;
        return /^\d+$/.test(v) ? Number(v) : v;
      }),
  ),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Auditoría Médica <no-responder@demo.ec>'),
  /** Outbox (features/correo): attempts before FALLIDO, first retry delay (doubles), claim lease, idle poll. */
  MAIL_RETRY_MAX: z.coerce.number().int().min(1).default(8),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  MAIL_LEASE_SECONDS: z.coerce.number().positive().default(300),
  MAIL_POLL_SECONDS: z.coerce.number().positive().default(30),
  WEB_DIST: z.string().optional(),
  /** Largest data file accepted by the load upload, in MB. */
  UPLOAD_MAX_MB: z.coerce.number().positive().default(200),
  /** S3-compatible object storage for the attentions' files; unset = the folder DATA_DIR/files. */
  S3_ENDPOINT: unset(z.string().url().optional()),
  S3_BUCKET: unset(z.string().min(1).optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: unset(z.string().optional()),
  S3_SECRET_ACCESS_KEY: unset(z.string().optional()),
  /** Path-style URLs (endpoint/bucket/key), as MinIO and most S3-compatible servers expect. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Key prefix inside the bucket. */
  S3_PREFIX: z.string().default(''),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string; jwtSecret: string; webDist: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.parse(env);
  const dataDir = path.resolve(overrides.DATA_DIR ?? parsed.DATA_DIR);
  return {
    ...parsed,
    dataDir,
    // Without a configured secret the server keeps a random one in the data folder (see plugins/auth).
    jwtSecret: parsed.JWT_SECRET ?? '',
    webDist: path.resolve(parsed.WEB_DIST ?? WEB_DIST_DIR),
    ...overrides,
  };
}
