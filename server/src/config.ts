import { isIP } from 'node:net';
import { z } from 'zod';
import { iceServerSchema, type IceServer } from '@common/schemas/consultations';
import { demoModeByDefault } from './config/demo-mode';
import { oidcSettings, type OidcSettings } from './config/oidc';
import { operatorDetails, operatorProblems, type OperatorDetails } from './config/operator';
import { pushSettings, type PushSettings } from './config/push';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : null))
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or empty' }).nullable());

/** WHO Disease Outbreak News, newest first: the live feed a production server asks unless told otherwise. */
export const WHO_DON_DEFAULT_URL =
  'https://www.who.int/api/hubs/diseaseoutbreaknews?$orderby=PublicationDate%20desc&$top=50';

/** "address" or "Name <address>", with no line breaks that could smuggle headers in. */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n\u0000-\u001f]{1,100} <[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(5000),
  HOST: z.string().trim().min(1, 'must be an address such as 127.0.0.1 or 0.0.0.0').optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  DEMO_MODE: bool.optional(),
  ADMIN_MFA_REQUIRED: bool.optional(),
  SEED_DEMO: bool.optional(),
  MIGRATE_ON_START: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_ORIGIN: z.url({ error: 'must be a URL such as https://medora.example' }).optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => parseTrustProxy(value, ctx)),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // The realtime bus and the job worker each keep one connection for LISTEN; a request needs a third.
  DB_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(3, { error: 'must be at least 3 (two connections stay open for LISTEN)' })
    .max(200)
    .default(10),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  // Where the queued jobs (mail, pushes, sweeps) run: in this process (`on`), elsewhere (`off`), or
  // only they, no HTTP (`only`). Decision 107.
  JOB_WORKER: z.enum(['on', 'off', 'only'], { error: 'must be on, off or only' }).default('on'),
  // The niceness a JOB_WORKER=only process takes: mail waits a moment, requests do not (decision 118).
  JOB_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  // Where the Stripe SDK sends API calls; only for a local fake or stripe-mock in tests.
  STRIPE_API_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:12111' }).optional(),
  DEMO_CONSULTATION_TYPES: z
    .string()
    .default('video')
    .pipe(
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.enum(['video', 'voice'], { error: 'must list video and/or voice, comma-separated' }))),
    ),
  ICE_SERVERS: z
    .string()
    .optional()
    .transform((value, ctx) => parseIceServers(value, ctx)),
  // A TURN relay of our own (coturn, use-auth-secret): each participant gets a short-lived
  // credential signed with TURN_SECRET, which never reaches a browser (docs/operations.md).
  TURN_URLS: z
    .string()
    .optional()
    .transform((value, ctx) => parseTurnUrls(value, ctx)),
  TURN_SECRET: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .pipe(
      z
        .string()
        .min(16, 'must be at least 16 characters (coturn static-auth-secret)')
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
        .optional(),
    ),
  TURN_TTL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(300, 'must be at least 300 seconds')
    .max(86_400, 'must be at most 86400 seconds (24 hours)')
    .optional(),
  // Outbreak feeds; empty leaves a feed out and the bundled snapshot stands in. Unset, the WHO
  // feed is on in production (its default URL below) and off elsewhere (demo, tests: no network).
  OUTBREAK_WHO_URL: optionalUrl,
  OUTBREAK_CASES_URL: optionalUrl,
  OUTBREAK_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Who may read /metrics: these addresses (IPs or CIDR ranges), or anyone with the token.
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1,::1')
    .transform((value, ctx) => parseAddressList(value, ctx)),
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // Ed25519 keys that sign prescriptions and certificates (decision 082): base64url 32-byte seeds,
  // comma-separated, the first signs and the rest stay published. Unset: a key kept in the database.
  DOCUMENT_SIGNING_KEYS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^[A-Za-z0-9_-]{43}$/,
            'must list base64url Ed25519 seeds of 32 bytes (43 characters), comma-separated',
          ),
      ),
    ),
  // Unset or empty: documents' bytes in the database. s3://bucket[/prefix][?endpoint=…&region=…].
  DOCUMENT_STORE_URL: z
    .string()
    .optional()
    .transform((v, ctx) => documentStoreSettings(v, ctx)),
  // Unset or empty: no mail leaves the machine; every message is kept in the outbox table.
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : null))
    .pipe(
      z
        .url({
          protocol: /^smtps?$/,
          error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example:587',
        })
        .nullable(),
    ),
  MAIL_FROM: z
    .string()
    .default('Medora <no-reply@medora.local>')
    .refine((v) => MAIL_FROM_PATTERN.test(v.trim()), {
      message: 'must be an address such as no-reply@medora.example or "Medora <no-reply@medora.example>"',
    })
    .transform((v) => v.trim()),
});

/** Comma-separated IPs or CIDR ranges; empty means none. */
function parseAddressList(value: string, ctx: z.RefinementCtx): string[] {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    const [address, prefix, extra] = entry.split('/');
    if (extra !== undefined || !isIP(address)) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128);
  };
  if (list.every(valid)) return list;
  ctx.addIssue({
    code: 'custom',
    message: 'must be IP addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8)',
  });
  return z.NEVER;
}

/**
 * How many reverse proxies stand in front of the app (a hop count) or which addresses they have
 * (IPs or CIDR ranges, comma-separated). "true" is refused: trusting every hop lets a client
 * choose its own address with X-Forwarded-For and escape every per-address limit.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim();
  if (v === '' || v === 'false' || v === 'no' || v === '0') return false;
  if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length > 0 && list.every((entry) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry) && /[.:]/.test(entry)))
    return list;
  ctx.addIssue({
    code: 'custom',
    message: 'must be the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.0.0/8)',
  });
  return z.NEVER;
}

/** ICE_SERVERS is JSON: an array of RTCIceServer ({urls, username?, credential?}); default none. */
function parseIceServers(value: string | undefined, ctx: z.RefinementCtx): IceServer[] {
  if (!value || !value.trim()) return [];
  try {
    const parsed = z.array(iceServerSchema).safeParse(JSON.parse(value));
    if (parsed.success) return parsed.data;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'must be a JSON array such as [{"urls":"stun:stun.example.org:3478"}]' });
  return z.NEVER;
}

const TURN_URL_PATTERN = /^turns?:(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:\?transport=(?:udp|tcp))?$/;

/** TURN_URLS: comma-separated turn: or turns: URLs, e.g. turn:turn.example.org:3478?transport=udp. */
function parseTurnUrls(value: string | undefined, ctx: z.RefinementCtx): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.every((url) => TURN_URL_PATTERN.test(url))) return list;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be turn: or turns: URLs, comma-separated (e.g. turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349?transport=tcp)',
  });
  return z.NEVER;
}

export type DocumentStoreSettings =
  | { kind: 'database' }
  | { kind: 's3'; bucket: string; prefix: string; region: string; endpoint: string | undefined };

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * s3://bucket/prefix?endpoint=http://127.0.0.1:9000&region=eu-west-1: the bucket, an optional key
 * prefix, and for an S3-compatible store its endpoint (path-style addressing). No credentials in
 * the URL: the AWS SDK reads them from its usual places.
 */
function documentStoreSettings(value: string | undefined, ctx: z.RefinementCtx): DocumentStoreSettings {
  if (!value?.trim()) return { kind: 'database' };
  const problem = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return problem('must be an s3:// URL such as s3://medora-documents?region=eu-west-1');
  }
  if (url.protocol !== 's3:') return problem('must be an s3:// URL such as s3://medora-documents?region=eu-west-1');
  if (url.username || url.password)
    return problem('must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
  if (!BUCKET.test(url.hostname)) return problem(`names no valid bucket ("${url.hostname}")`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint))
    return problem('endpoint must be an http:// or https:// URL');
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: path ? `${path}/` : '',
    region: url.searchParams.get('region') ?? 'us-east-1',
    endpoint,
  };
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Demo mode shows the demo-account panel and seeds demo data on an empty database. */
  demoMode: boolean;
  seedDemo: boolean;
  /** Off in production on PostgreSQL: `npm run migrate` runs before the new release starts (expand/contract). */
  migrateOnStart: boolean;
  logLevel: string;
  publicOrigin: string | undefined;
  /** Proxies whose X-Forwarded-* headers count: none, a hop count, or their addresses. */
  trustProxy: false | number | string[];
  sessionIdleMs: number;
  /** A session ends this long after sign-in however active it is (SESSION_MAX_DAYS). */
  sessionMaxAgeMs: number;
  dbPoolSize: number;
  /** `on`: this process serves HTTP and runs the job queue; `off`: HTTP only; `only`: the queue only. */
  jobWorker: 'on' | 'off' | 'only';
  /** The niceness (0–19) of a process that runs the queue only. */
  jobWorkerNice: number;
  secureCookies: boolean;
  /** Sign-in and sign-up requests per address per minute. */
  authRateLimitPerMinute: number;
  /** Stripe mode when both keys are set; otherwise the built-in simulated card processor. */
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string | undefined;
    apiUrl: string | undefined;
  } | null;
  /** STUN/TURN servers handed to browsers for consultations (ICE_SERVERS). */
  iceServers: IceServer[];
  /** Our own TURN relay (TURN_URLS, TURN_SECRET): a credential per participant and consultation; null without one. */
  turn: { urls: string[]; secret: string; ttlSeconds: number | null } | null;
  /** Kinds of ready-to-start demo consultations ensured at every demo start (default video). */
  demoConsultationTypes: ('video' | 'voice')[];
  /** Outbreak feeds; a null URL means that feed is not used and the bundled snapshot stands in. */
  outbreak: { whoUrl: string | null; casesUrl: string | null; fetchTimeoutMs: number };
  /** /metrics is answered to these addresses, or to a bearer of the token; 404 to anyone else. */
  metrics: { allow: string[]; token: string | undefined };
  /** Ed25519 seeds (base64url) that sign care documents, the first signing (DOCUMENT_SIGNING_KEYS); empty: the database's key. */
  documentSigningKeys: string[];
  /** Outgoing mail: SMTP when smtpUrl is set, otherwise the outbox table only. */
  mail: { smtpUrl: string | null; from: string };
  /** Where documents' bytes live (DOCUMENT_STORE_URL): the database, or an S3 bucket. */
  documentStore: DocumentStoreSettings;
  /** An administrator must set up two-factor sign-in before anything else (ADMIN_MFA_REQUIRED). */
  adminMfaRequired: boolean;
  /** Who runs this server (OPERATOR_*), as the privacy policy and receipts name them. */
  operator: OperatorDetails;
  /** Sign-in with a clinic's OpenID Connect provider (OIDC_*); null when not configured. */
  oidc: OidcSettings | null;
  /** Web Push: VAPID keys (VAPID_*; generated and stored in demo mode) and who may be a push service. */
  push: PushSettings;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const operatorIssues = operatorProblems(env);
  if (operatorIssues.length) throw new ConfigError(operatorIssues);
  // Half a Stripe setup would silently fall back to the simulated processor: refuse it.
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError([
      `${e.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY'}: must be set together with ${e.STRIPE_SECRET_KEY ? 'STRIPE_SECRET_KEY' : 'STRIPE_PUBLISHABLE_KEY'}`,
    ]);
  }
  // Half a TURN setup would quietly leave calls without their relay: refuse it.
  if (e.TURN_URLS.length > 0 !== Boolean(e.TURN_SECRET)) {
    throw new ConfigError([
      `${e.TURN_SECRET ? 'TURN_URLS' : 'TURN_SECRET'}: must be set together with ${e.TURN_SECRET ? 'TURN_SECRET' : 'TURN_URLS'}`,
    ]);
  }
  const production = e.NODE_ENV === 'production';
  const oidc = oidcSettings(env, { publicOrigin: e.PUBLIC_ORIGIN, port: e.PORT, production });
  if (oidc.problems.length) throw new ConfigError(oidc.problems);
  const demoMode = e.DEMO_MODE ?? demoModeByDefault(production, e.DATABASE_URL);
  // The demo accounts' password is published in the README: a production server must never have them.
  if (production && (demoMode || e.SEED_DEMO)) {
    throw new ConfigError([
      `${demoMode ? 'DEMO_MODE' : 'SEED_DEMO'}: must be off when NODE_ENV is production (the demo accounts' password is public)`,
    ]);
  }
  // PGlite lives inside one process: no other process could run its jobs, or serve its requests.
  if (e.JOB_WORKER !== 'on' && !e.DATABASE_URL) {
    throw new ConfigError([
      'JOB_WORKER: off and only need DATABASE_URL (the embedded database serves one process, which runs its own jobs)',
    ]);
  }
  const operator = operatorDetails(env, demoMode);
  const push = pushSettings(env, { demoMode, production, operatorEmail: operator.email });
  if (push.problems.length) throw new ConfigError(push.problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // A demo server answers only this machine unless HOST says otherwise: anyone who can reach it
    // could sign in as the demo administrator.
    host: e.HOST ?? (demoMode ? '127.0.0.1' : '0.0.0.0'),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    demoMode,
    seedDemo: e.SEED_DEMO ?? demoMode,
    migrateOnStart: e.MIGRATE_ON_START ?? !(production && e.DATABASE_URL),
    logLevel: e.LOG_LEVEL,
    publicOrigin: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    sessionIdleMs: e.SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
    sessionMaxAgeMs: e.SESSION_MAX_DAYS * 24 * 60 * 60 * 1000,
    dbPoolSize: e.DB_POOL_SIZE,
    jobWorker: e.JOB_WORKER,
    jobWorkerNice: e.JOB_WORKER_NICE,
    secureCookies: production,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : null,
    iceServers: e.ICE_SERVERS,
    turn: e.TURN_SECRET ? { urls: e.TURN_URLS, secret: e.TURN_SECRET, ttlSeconds: e.TURN_TTL_SECONDS ?? null } : null,
    demoConsultationTypes: e.DEMO_CONSULTATION_TYPES,
    outbreak: {
      whoUrl: e.OUTBREAK_WHO_URL ?? (production && env.OUTBREAK_WHO_URL === undefined ? WHO_DON_DEFAULT_URL : null),
      casesUrl: e.OUTBREAK_CASES_URL,
      fetchTimeoutMs: e.OUTBREAK_FETCH_TIMEOUT_MS,
    },
    metrics: { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN },
    documentSigningKeys: e.DOCUMENT_SIGNING_KEYS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    documentStore: e.DOCUMENT_STORE_URL,
    // Production only by default: demo mode is never production, so the demo admin still signs
    // in with the published password.
    adminMfaRequired: e.ADMIN_MFA_REQUIRED ?? production,
    operator,
    oidc: oidc.settings,
    push: push.settings,
  };
}
