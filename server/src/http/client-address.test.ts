import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { hashPassword } from '../core/passwords';
import { createUser } from '../db/factories';
import { createTestApp, type TestContext } from '../test-support/test-app';

describe('TRUST_PROXY names how many proxies, or which ones, to believe', () => {
  it('refuses "true", which would let any client pick its own address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('takes a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('per-address sign-up limit behind one proxy', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('cannot be dodged by a forged X-Forwarded-For entry', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        payload: {
          email: `forged-${i}@example.com`,
          password: 'long enough password',
          firstName: 'Ann',
          lastName: 'Lee',
          userType: 'patient',
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('per-account sign-in lock', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  it('lets at most five of twenty concurrent wrong passwords reach the password check', async () => {
    const user = await createUser(t.db, {
      email: 'victim@example.com',
      passwordHash: await hashPassword('the right one!'),
    });
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: `wrong guess ${i}` },
        }),
      ),
    );
    const checked = attempts.filter((res) => res.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(attempts.filter((res) => res.statusCode === 429)).toHaveLength(20 - checked);
  });
});
