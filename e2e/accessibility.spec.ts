import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { ROUTES } from '../client/src/app/route-table';
import { DEMO_ACCOUNTS } from '../common/schemas/meta';
import { expect, test, type Role } from './fixtures';

/**
 * Every screen of the route table through axe-core, signed out and as each demo role: no serious
 * or critical violation of WCAG 2.1 A/AA anywhere.
 */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const SEVERE = new Set(['serious', 'critical']);

type Visitor = Role | 'visitor';

function routesFor(visitor: Visitor, doctorId: string): string[] {
  const allowed = ROUTES.filter((route) => {
    if (route.screen.kind === 'redirect') return false;
    if (route.access === 'public' || route.access === 'user-or-login') return true;
    // A visitor meets the sign-in screen on every guarded route; /login stands for all of them.
    if (visitor === 'visitor') return false;
    return route.access === 'user' || route.access === visitor;
  });
  const paths = allowed.map((route) =>
    route.path === '*'
      ? '/no/such/page'
      : route.path.replace(':id', route.path.startsWith('/doctors/') ? doctorId : MISSING_ID),
  );
  return [...new Set(paths)];
}

async function pageFor(browser: Browser, visitor: Visitor): Promise<Page> {
  // AxeBuilder needs a page from a context it can add its script to.
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  if (visitor !== 'visitor') {
    const account = DEMO_ACCOUNTS.find((a) => a.userType === visitor)!;
    const res = await context.request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(res.status()).toBe(200);
  }
  return context.newPage();
}

for (const visitor of ['visitor', 'patient', 'doctor', 'admin'] as const) {
  test(`no serious or critical axe finding on any screen (${visitor})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const [doctor] = await (await request.get('/api/doctors/search')).json();
    const page = await pageFor(browser, visitor);
    const findings: string[] = [];
    const paths = routesFor(visitor, doctor.id);
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // The screen has rendered once its main region has a heading (lazy chunks and data loaded).
      await expect(page.getByRole('main').getByRole('heading').first(), path).toBeVisible();
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      for (const v of violations.filter((v) => SEVERE.has(v.impact ?? '')))
        findings.push(`${path}: ${v.id} (${v.impact}) ${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')}`);
    }
    console.log(`axe (${visitor}): ${paths.length} screens, ${findings.length} serious or critical findings`);
    expect(findings).toEqual([]);
    await page.context().close();
  });
}
