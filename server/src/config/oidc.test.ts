import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const FULL = {
  OIDC_ISSUER: 'https://id.riverside.example',
  OIDC_CLIENT_ID: 'medora',
  OIDC_CLIENT_SECRET: 's3cret-value',
  OIDC_NAME: 'Riverside Clinic',
};

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as ConfigError).problems;
  }
  return [];
};

describe('OIDC configuration', () => {
  it('is off when none of the variables is set (empty counts as unset)', () => {
    expect(loadConfig({}).oidc).toBeNull();
    expect(loadConfig({ OIDC_ISSUER: '', OIDC_NAME: ' ' }).oidc).toBeNull();
  });

  it('refuses half a setup, naming each missing variable', () => {
    const problems = problemsOf({ OIDC_ISSUER: FULL.OIDC_ISSUER, OIDC_CLIENT_ID: 'medora' });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^OIDC_CLIENT_SECRET: must be set together with OIDC_ISSUER, OIDC_CLIENT_ID/);
    expect(problems[1]).toMatch(/^OIDC_NAME: /);
    expect(problemsOf({ OIDC_REDIRECT_URL: 'https://medora.example/api/auth/oidc/callback' })).toEqual([
      'OIDC_REDIRECT_URL: set without OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME',
    ]);
  });

  it('puts the callback at PUBLIC_ORIGIN unless OIDC_REDIRECT_URL says otherwise', () => {
    expect(loadConfig({ ...FULL, PUBLIC_ORIGIN: 'https://medora.example' }).oidc).toEqual({
      issuer: FULL.OIDC_ISSUER,
      clientId: 'medora',
      clientSecret: 's3cret-value',
      name: 'Riverside Clinic',
      redirectUrl: 'https://medora.example/api/auth/oidc/callback',
      postLogoutRedirectUrl: 'https://medora.example/',
    });
    expect(
      loadConfig({ ...FULL, OIDC_REDIRECT_URL: 'https://care.example/api/auth/oidc/callback' }).oidc?.redirectUrl,
    ).toBe('https://care.example/api/auth/oidc/callback');
    expect(loadConfig({ ...FULL, PORT: '5123' }).oidc?.redirectUrl).toBe(
      'http://localhost:5123/api/auth/oidc/callback',
    );
    expect(problemsOf({ ...FULL, NODE_ENV: 'production' })).toEqual([
      'OIDC_REDIRECT_URL: must be set (or PUBLIC_ORIGIN) in production',
    ]);
  });

  it('refuses plain http beyond this machine, a callback elsewhere, and control characters in the name', () => {
    expect(problemsOf({ ...FULL, OIDC_ISSUER: 'http://id.riverside.example' })[0]).toMatch(
      /^OIDC_ISSUER: must use https/,
    );
    expect(loadConfig({ ...FULL, OIDC_ISSUER: 'http://127.0.0.1:5696' }).oidc?.issuer).toBe('http://127.0.0.1:5696');
    expect(problemsOf({ ...FULL, OIDC_REDIRECT_URL: 'https://medora.example/elsewhere' })[0]).toMatch(
      /^OIDC_REDIRECT_URL: must end in \/api\/auth\/oidc\/callback/,
    );
    expect(problemsOf({ ...FULL, OIDC_NAME: 'Riverside\nClinic' })[0]).toMatch(/^OIDC_NAME: must not contain/);
  });
});
