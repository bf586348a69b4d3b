import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { emailAddressSchema } from '@common/schemas/auth';
import { isReservedEmail } from '@common/rules/email-identity';
import { hasForbiddenCharacters } from '@common/schemas/text';
import type { OidcSettings } from '../../config/oidc';
import type { Clock } from '../../core/clock';

/** How long a failed discovery is remembered before the next need tries again. */
export const DISCOVERY_RETRY_MS = 15_000;
// Seconds, as openid-client counts them; discovery, token and userinfo requests alike.
const REQUEST_TIMEOUT_S = 10;

/** Who the provider says signed in, after the ID token checked out. */
export type ProviderIdentity = {
  issuer: string;
  subject: string;
  /** Lower-cased; null when the provider shared none (or one no account may have). */
  email: string | null;
  /** Only the provider's literal `email_verified: true` counts. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  idToken: string;
};

export type LoginChecks = { state: string; nonce: string; codeVerifier: string };

/**
 * The configured provider, discovered on first need rather than at start: a provider that is down
 * must not keep Medora from starting. A failure is remembered for DISCOVERY_RETRY_MS, so a page
 * full of sign-in buttons does not hammer it, and then tried again.
 */
export class OidcProviderClient {
  private discovered: oidc.Configuration | null = null;
  private pending: Promise<oidc.Configuration | null> | null = null;
  private failedAt: number | null = null;

  constructor(
    readonly settings: OidcSettings,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {}

  /** The provider's configuration, or null while it cannot be reached. Never throws. */
  async configuration(): Promise<oidc.Configuration | null> {
    if (this.discovered) return this.discovered;
    if (this.failedAt !== null && this.clock.now().getTime() - this.failedAt < DISCOVERY_RETRY_MS) return null;
    this.pending ??= this.discover().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async discover(): Promise<oidc.Configuration | null> {
    const { issuer, clientId, clientSecret } = this.settings;
    const insecure = new URL(issuer).protocol === 'http:';
    const execute = insecure ? [oidc.allowInsecureRequests] : [];
    try {
      const found = await oidc.discovery(new URL(issuer), clientId, clientSecret, undefined, {
        execute,
        timeout: REQUEST_TIMEOUT_S,
      });
      // openid-client posts the secret by default; the specification's default (and what most
      // providers expect) is HTTP Basic. Use Basic unless the provider lists only the POST form.
      const metadata = found.serverMetadata();
      const methods = metadata.token_endpoint_auth_methods_supported;
      const usePost =
        methods !== undefined && !methods.includes('client_secret_basic') && methods.includes('client_secret_post');
      const algs = metadata.id_token_signing_alg_values_supported;
      const clientMetadata: Partial<oidc.ClientMetadata> = {
        client_secret: clientSecret,
        ...(algs && !algs.includes('RS256') && algs[0] ? { id_token_signed_response_alg: algs[0] } : {}),
      };
      const configuration = new oidc.Configuration(
        metadata,
        clientId,
        clientMetadata,
        usePost ? oidc.ClientSecretPost(clientSecret) : oidc.ClientSecretBasic(clientSecret),
      );
      configuration.timeout = REQUEST_TIMEOUT_S;
      for (const extension of execute) extension(configuration);
      this.discovered = configuration;
      this.failedAt = null;
      return configuration;
    } catch (err) {
      this.failedAt = this.clock.now().getTime();
      this.log.warn(
        { issuer, reason: reasonOf(err) },
        'OpenID Connect provider discovery failed; retrying on a later sign-in',
      );
      return null;
    }
  }

  /** Where the browser goes to sign in: authorization code with PKCE (S256), state and nonce. */
  async authorizationUrl(configuration: oidc.Configuration, checks: LoginChecks): Promise<string> {
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.settings.redirectUrl,
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    }).href;
  }

  /**
   * Redeems the code and checks the ID token (signature against the provider's keys, issuer,
   * audience, expiry, nonce) and the response's state and issuer. Throws on any mismatch.
   */
  async redeem(
    configuration: oidc.Configuration,
    response: { code: string; state: string; iss?: string },
    checks: LoginChecks,
  ): Promise<ProviderIdentity> {
    // The token endpoint must see the registered redirect URL itself, whatever host the request used.
    const callback = new URL(this.settings.redirectUrl);
    callback.searchParams.set('code', response.code);
    callback.searchParams.set('state', response.state);
    if (response.iss !== undefined) callback.searchParams.set('iss', response.iss);
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedNonce: checks.nonce,
      expectedState: checks.state,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new Error('no ID token');
    // Stored as they are: text a database column can hold, of a sane length.
    for (const value of [claims.iss, claims.sub])
      if (value.length > 500 || hasForbiddenCharacters(value)) throw new Error('unusable issuer or subject');
    // Providers that keep the ID token small put e-mail and names in the userinfo answer only.
    const profile: Record<string, unknown> =
      claims.email === undefined && configuration.serverMetadata().userinfo_endpoint
        ? { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)) }
        : { ...claims };
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: emailOf(profile.email),
      emailVerified: profile.email_verified === true,
      ...namesOf(profile),
      idToken: tokens.id_token,
    };
  }

  /** The provider's sign-out for a session opened with this ID token, or null when it has none. */
  async signOutUrl(idToken: string | null): Promise<string | null> {
    if (!idToken) return null;
    const configuration = await this.configuration();
    if (!configuration?.serverMetadata().end_session_endpoint) return null;
    try {
      return oidc.buildEndSessionUrl(configuration, {
        id_token_hint: idToken,
        post_logout_redirect_uri: this.settings.postLogoutRedirectUrl,
      }).href;
    } catch (err) {
      this.log.warn({ reason: reasonOf(err) }, 'OpenID Connect sign-out URL could not be built; signing out locally');
      return null;
    }
  }
}

/** What went wrong, for the log: the library's code and message, never a token. */
export function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err).slice(0, 200);
  const code = (err as { code?: unknown }).code;
  return `${typeof code === 'string' ? `${code}: ` : ''}${err.message}`.slice(0, 300);
}

function emailOf(value: unknown): string | null {
  const parsed = emailAddressSchema.safeParse(value);
  return parsed.success && !isReservedEmail(parsed.data) ? parsed.data : null;
}

// Names from another system: single-line, bounded, like the sign-up form's (80 characters).
const clean = (value: unknown): string =>
  typeof value === 'string' && !hasForbiddenCharacters(value.trim()) ? value.trim().slice(0, 80) : '';

function namesOf(profile: Record<string, unknown>): { firstName: string; lastName: string } {
  const given = clean(profile.given_name);
  const family = clean(profile.family_name);
  if (given || family) return { firstName: given || family, lastName: given ? family : '' };
  const [first = '', ...rest] = clean(profile.name).split(/\s+/);
  if (first) return { firstName: first, lastName: rest.join(' ').slice(0, 80) };
  const local = typeof profile.email === 'string' ? clean(profile.email.split('@')[0]) : '';
  return { firstName: local || 'Medora', lastName: '' };
}
