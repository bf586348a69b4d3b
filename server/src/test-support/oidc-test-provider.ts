import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID Connect provider for tests (the `oidc-provider` package, in-memory adapter) on
 * 127.0.0.1: a clinic's login page and consent page of its own (nothing loaded from other hosts,
 * labelled fields for Playwright), accounts the test adds, and RP-initiated sign-out.
 */

export type TestAccount = {
  /** What the person types at the provider's login page; also their subject (`sub`). */
  login: string;
  email?: string;
  /** Sent as `email_verified`; leave out to send none. */
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
};

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The env a Medora server needs to use this provider. */
  env: (redirectUrl: string) => Record<string, string>;
  addAccount: (account: TestAccount) => void;
  /**
   * Walks the provider's pages as a browser would (login, then consent) from an authorization URL
   * and answers the URL the provider sends the browser back to (the app's callback, with code).
   */
  signIn: (authorizationUrl: string, login: string) => Promise<URL>;
  close: () => Promise<void>;
};

export const TEST_PROVIDER_NAME = 'Riverside Clinic';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.5rem;font-size:1rem}button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem}</style>
</head><body><main><h1>${escape(TEST_PROVIDER_NAME)}</h1>${body}</main></body></html>`;

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

/**
 * Starts the provider. `redirectUrls` are the callbacks it accepts (Medora's
 * /api/auth/oidc/callback); sign-out returns to each one's origin + "/".
 */
export async function startTestProvider({
  port = 0,
  redirectUrls,
}: {
  port?: number;
  redirectUrls: string[];
}): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  const clientId = 'medora-test';
  const clientSecret = 'medora-test-secret-0123456789';
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      html(res, 500, page('Error', `<p>${escape(err instanceof Error ? err.message : String(err))}</p>`));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

  // Requests reach `handle` only after this function returns, so `provider` is set by then.
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUrls,
        post_logout_redirect_uris: redirectUrls.map((url) => `${new URL(url).origin}/`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['medora-test-provider-cookie-key'] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            ...(account.email !== undefined ? { email: account.email } : {}),
            ...(account.emailVerified !== undefined ? { email_verified: account.emailVerified } : {}),
            ...(account.givenName ? { given_name: account.givenName } : {}),
            ...(account.familyName ? { family_name: account.familyName } : {}),
          };
        },
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.body = page(
            'Sign out',
            `<p>Sign out of ${escape(TEST_PROVIDER_NAME)} too?</p>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>`,
          );
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = page('Signed out', '<p>You are signed out.</p>');
        },
      },
    },
  });
  const callback = provider.callback();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    // Browsers ask for an icon; an empty answer keeps their consoles quiet.
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/.exec(url.pathname);
    if (!match) return callback(req, res);
    const [, uid, action] = match;
    const details = await provider.interactionDetails(req, res);
    if (action === 'abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person cancelled.' },
        { mergeWithLastSubmission: false },
      );
    }
    if (action === 'login' && req.method === 'POST') {
      const login = (await formOf(req)).get('login') ?? '';
      if (!accounts.has(login)) return html(res, 200, loginPage(uid, 'No such username.'));
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
    }
    if (action === 'confirm' && req.method === 'POST') {
      const { prompt, params, session } = details;
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
      const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant!.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant!.save();
      return provider.interactionFinished(
        req,
        res,
        { consent: details.grantId ? {} : { grantId } },
        { mergeWithLastSubmission: true },
      );
    }
    if (details.prompt.name === 'login') return html(res, 200, loginPage(uid));
    return html(
      res,
      200,
      page(
        'Allow access',
        `<p>Medora asks for your e-mail address and name.</p>
<form method="post" action="/interaction/${uid}/confirm"><button type="submit">Allow</button></form>
<p><a href="/interaction/${uid}/abort">Cancel</a></p>`,
      ),
    );
  }

  const loginPage = (uid: string, error?: string) =>
    page(
      'Sign in',
      `${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
<label>Username <input name="login" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form>
<p><a href="/interaction/${uid}/abort">Cancel</a></p>`,
    );

  return {
    issuer,
    clientId,
    clientSecret,
    env: (redirectUrl) => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_NAME: TEST_PROVIDER_NAME,
      OIDC_REDIRECT_URL: redirectUrl,
    }),
    addAccount: (account) => void accounts.set(account.login, account),
    signIn: (authorizationUrl, login) => walkPages(authorizationUrl, login, redirectUrls),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookie jar, enough for one provider: by name, ignoring paths. */
class Jar {
  private cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const gone = attributes.some((a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
  }
  header = () => [...this.cookies.values()].join('; ');
}

async function walkPages(start: string, login: string, redirectUrls: string[]): Promise<URL> {
  const jar = new Jar();
  const go = async (url: URL, form?: Record<string, string>) => {
    const res = await fetch(url, {
      redirect: 'manual',
      method: form ? 'POST' : 'GET',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    jar.take(res.headers);
    return res;
  };
  let url = new URL(start);
  let res = await go(url);
  for (let step = 0; step < 12; step++) {
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (redirectUrls.some((callback) => url.href.startsWith(callback))) return url;
      res = await go(url);
      continue;
    }
    const body = await res.text();
    const action = /action="([^"]+)"/.exec(body)?.[1];
    if (res.status !== 200 || !action) throw new Error(`provider page ${res.status}: ${body.slice(0, 300)}`);
    const target = new URL(action, url);
    res = await go(target, body.includes('name="login"') ? { login, password: 'any password' } : {});
  }
  throw new Error('the provider did not send the browser back');
}
