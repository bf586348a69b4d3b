import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  DEMO_MODE: bool.optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_ORIGIN: z.url({ error: 'must be a URL such as https://medora.example' }).optional(),
  TRUST_PROXY: bool.default(false),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Demo mode shows the demo-account panel and seeds demo data on an empty database. */
  demoMode: boolean;
  seedDemo: boolean;
  logLevel: string;
  publicOrigin: string | undefined;
  trustProxy: boolean;
  sessionIdleMs: number;
  dbPoolSize: number;
  secureCookies: boolean;
  /** Sign-in and sign-up requests per address per minute. */
  authRateLimitPerMinute: number;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // Demo data belongs to the embedded database on a developer's machine, never to production.
  const demoMode = e.DEMO_MODE ?? (!production && !e.DATABASE_URL);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    demoMode,
    seedDemo: e.SEED_DEMO ?? demoMode,
    logLevel: e.LOG_LEVEL,
    publicOrigin: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    sessionIdleMs: e.SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
    dbPoolSize: e.DB_POOL_SIZE,
    secureCookies: production,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
  };
}
