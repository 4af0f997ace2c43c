import path from 'node:path';
import { z } from 'zod';
import { WEB_DIST_DIR } from './paths.ts';

/** An empty variable counts as unset. */
const unset = <T extends z.ZodType>(t: T) => z.preprocess((v) => (v === '' ? undefined : v), t);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, parsed once. Documented in the README. */
const envSchema = z.object({
  PORT: z.coerce.number().int().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(16).optional(),
  JWT_TTL_MINUTES: z.coerce.number().int().min(1).default(480),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_MAX: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_WINDOW: z.string().default('5 minutes'),
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
