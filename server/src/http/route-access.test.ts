import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedRoles } from './access';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';

/**
 * Walks the whole route table, so every route added later is covered without a new test:
 * each API route declares its access; visitors get 401 where a user is needed, and a signed-in
 * user of the wrong role gets 403.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, randomUUID());
const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/'));

describe('route table', () => {
  it('has routes, and every API route declares who may call it', () => {
    expect(apiRoutes().length).toBeGreaterThan(5);
    const undeclared = apiRoutes()
      .filter((r) => !r.access)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('answers 401 to a visitor on every route that needs a user', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes().filter((r) => r.access !== 'public')) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: fill(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a signed-in user whose role is not allowed', async () => {
    const patient = await signedInUser(t.db, { userType: 'patient' });
    const doctor = await signedInUser(t.db, { userType: 'doctor' });
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const roles = route.access ? allowedRoles(route.access) : null;
      if (!roles) continue;
      for (const who of [patient, doctor]) {
        if (roles.includes(who.user.userType)) continue;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: fill(route.url),
          headers: { cookie: who.cookie },
          payload: route.method === 'GET' ? undefined : {},
        });
        if (res.statusCode !== 403)
          failures.push(`${who.user.userType} ${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
