import { z } from 'zod';

/** Signing in with a clinic's OpenID Connect provider (decision 057); null when not configured. */
export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back: registered with the provider exactly as written here. */
  redirectUrl: string;
  /** Where the provider returns after its own sign-out: the origin of the redirect URL, then "/". */
  postLogoutRedirectUrl: string;
  /** The provider as people know it: the button reads "Sign in with <name>". */
  name: string;
};

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/** Together or not at all: half a setup would show a button that can only fail. */
const REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'] as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

// Plain http would let anyone on the path read codes and tokens; only this machine may skip TLS (tests).
const providerUrl = (label: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be a URL such as https://${label}` })
    .refine((v) => v.startsWith('https:') || LOOPBACK.has(new URL(v).hostname), {
      message: 'must use https (plain http only on 127.0.0.1 or localhost)',
    });

const printable = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must not contain control characters');

const oidcEnvSchema = z.object({
  OIDC_ISSUER: providerUrl('id.clinic.example').optional(),
  OIDC_CLIENT_ID: printable(200).optional(),
  OIDC_CLIENT_SECRET: printable(500).optional(),
  OIDC_NAME: printable(60).optional(),
  OIDC_REDIRECT_URL: providerUrl(`medora.example${OIDC_CALLBACK_PATH}`)
    .refine((v) => new URL(v).pathname === OIDC_CALLBACK_PATH && !new URL(v).search, {
      message: `must end in ${OIDC_CALLBACK_PATH} (the app's callback), with no query`,
    })
    .optional(),
});

const blankAsUnset = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(
    Object.keys(oidcEnvSchema.shape).map((key) => [key, env[key]?.trim() ? env[key] : undefined]),
  ) as Record<keyof typeof oidcEnvSchema.shape, string | undefined>;

/**
 * The OIDC_* variables as settings, or the problems with them (one line each). Without a redirect
 * URL the callback is at PUBLIC_ORIGIN, or at http://localhost:<port> outside production.
 */
export function oidcSettings(
  env: NodeJS.ProcessEnv,
  { publicOrigin, port, production }: { publicOrigin: string | undefined; port: number; production: boolean },
): { settings: OidcSettings | null; problems: string[] } {
  const values = blankAsUnset(env);
  const parsed = oidcEnvSchema.safeParse(values);
  if (!parsed.success) {
    return { settings: null, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  }
  const e = parsed.data;
  const set = REQUIRED.filter((key) => e[key] !== undefined);
  if (set.length === 0) {
    return e.OIDC_REDIRECT_URL
      ? { settings: null, problems: [`OIDC_REDIRECT_URL: set without ${REQUIRED.join(', ')}`] }
      : { settings: null, problems: [] };
  }
  const missing = REQUIRED.filter((key) => e[key] === undefined);
  if (missing.length > 0) {
    return {
      settings: null,
      problems: missing.map(
        (key) => `${key}: must be set together with ${set.join(', ')} (all of ${REQUIRED.join(', ')}, or none)`,
      ),
    };
  }
  const origin = publicOrigin ? new URL(publicOrigin).origin : production ? null : `http://localhost:${port}`;
  const redirectUrl = e.OIDC_REDIRECT_URL ?? (origin ? `${origin}${OIDC_CALLBACK_PATH}` : null);
  if (!redirectUrl) {
    return { settings: null, problems: ['OIDC_REDIRECT_URL: must be set (or PUBLIC_ORIGIN) in production'] };
  }
  return {
    settings: {
      issuer: e.OIDC_ISSUER!,
      clientId: e.OIDC_CLIENT_ID!,
      clientSecret: e.OIDC_CLIENT_SECRET!,
      redirectUrl,
      postLogoutRedirectUrl: `${new URL(redirectUrl).origin}/`,
      name: e.OIDC_NAME!,
    },
    problems: [],
  };
}
