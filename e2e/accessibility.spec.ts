import { execFileSync } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { routeTitleFor } from '../client/src/app/route-title';
import { navLinksFor } from '../client/src/app/nav-links';
import { ROUTES } from '../client/src/app/route-table';
import { DEMO_ACCOUNTS } from '../common/schemas/meta';
import { expect, test, type Role } from './fixtures';
import { EXPERIMENTAL_WCAG_RULES, severeFindings } from './axe';
import { settleTracker } from './settled';

/**
 * Every screen of the route table through axe-core, signed out and as each demo role (the public
 * ones signed out, and signed in where a role's work happens), at a desktop's width (1280 px), and each role's main screens (its navbar's entries and the pages its
 * work happens on) at a phone's too (390 px): no serious or critical violation of WCAG 2.0, 2.1 and
 * 2.2 A/AA. The main screens are checked again in Spanish and in Arabic (right to left, issue 28). axe skips the rules it marks experimental unless asked; those that map to these levels
 * (label-in-name among them, WCAG 2.5.3) are switched on by name. Each screen also carries its own
 * document title. One page per role, resized in place, keeps the run short.
 */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

type Visitor = Role | 'visitor';

/**
 * CI's short form (decision 087): each main screen in one of Spanish and Arabic, alternating, so both
 * languages and every main screen are still seen; `E2E_FULL_AUDITS=true` (and any run outside CI)
 * checks every main screen in both.
 */
const BOTH_LANGUAGES = !process.env.CI || process.env.E2E_FULL_AUDITS === 'true';

/**
 * CI's short form, further (decision 096): in English, each run audits every main screen at
 * 1280 px, and the other screens and the 390 px passes in one half of two, turning with each
 * commit, so two commits see every screen at every width. null (every screen) outside CI and with
 * E2E_FULL_AUDITS=true.
 */
function turn(): number | null {
  if (BOTH_LANGUAGES) return null;
  try {
    return Number(execFileSync('git', ['rev-list', '--count', 'HEAD'], { encoding: 'utf8' }).trim()) % 2;
  } catch {
    return 0;
  }
}
const TURN = turn();
const inTurn = (i: number) => TURN === null || i % 2 === TURN;

/** Main screens besides the navbar's entries: where a role's work happens. */
const MAIN_BESIDES_NAV: Record<Visitor, string[]> = {
  visitor: ['/login', '/doctors/:id'],
  patient: ['/doctors/:id', '/book-appointment', '/video-consultations', '/profile'],
  doctor: ['/doctors/:id', '/profile', '/video-consultations'],
  admin: ['/profile'],
};
const mainScreens = (visitor: Visitor, doctorId: string) =>
  new Set(
    [...navLinksFor(visitor === 'visitor' ? null : visitor).map((link) => link.to), ...MAIN_BESIDES_NAV[visitor]].map(
      (path) => path.replace(':id', doctorId),
    ),
  );
type Doctor = { id: string; user: { firstName: string; lastName: string } };

const pathOf = (path: string, doctorId: string) =>
  path === '*' ? '/no/such/page' : path.replace(':id', path.startsWith('/doctors/') ? doctorId : MISSING_ID);

/**
 * The screens a walk audits. A public screen is the same page for everyone but the navbar, and a
 * role's navbar is audited on each of its own screens: a signed-in role walks the public screens
 * only where its work happens (its main screens). The visitor walks them all (decision 090).
 */
function routesFor(visitor: Visitor, doctorId: string, main: Set<string>): string[] {
  const allowed = ROUTES.filter((route) => {
    if (route.screen.kind === 'redirect') return false;
    if (route.access === 'user-or-login') return true;
    if (route.access === 'public') return visitor === 'visitor' || main.has(pathOf(route.path, doctorId));
    // A visitor meets the sign-in screen on every guarded route; /login stands for all of them.
    if (visitor === 'visitor') return false;
    return route.access === 'user' || route.access === visitor;
  });
  return [...new Set(allowed.map((route) => pathOf(route.path, doctorId)))];
}

async function pageFor(browser: Browser, visitor: Visitor): Promise<Page> {
  // AxeBuilder needs a page from a context it can add its script to.
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: WIDTHS[0] });
  if (visitor !== 'visitor') {
    const account = DEMO_ACCOUNTS.find((a) => a.userType === visitor)!;
    const res = await context.request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(res.status()).toBe(200);
  }
  return context.newPage();
}

/** The language a person chose: on the account when signed in (e-mails follow it), else the cookie. */
async function chooseLanguage(page: Page, visitor: Visitor, language: 'en' | 'es' | 'ar') {
  // For the whole site, whichever page the last screen left us on.
  const cookie = { name: 'medora_lang', value: language, domain: new URL(page.url()).hostname, path: '/' };
  if (visitor === 'visitor') {
    await page.context().addCookies([cookie]);
    return;
  }
  const res = await page.context().request.put('/api/auth/language', {
    data: { language },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
  await page.context().addCookies([cookie]);
}

test('the experimental rules that map to WCAG A/AA are switched on, label-in-name among them', () => {
  expect(EXPERIMENTAL_WCAG_RULES).toContain('label-content-name-mismatch');
});

/**
 * Opens a screen. The first is a page load; the rest are the app's own navigation (as a person
 * clicking through it would see them), which spares each screen the reload of the whole app: the
 * walk opens some 200 screens, and reloads were half its time on CI's two cores.
 */
async function open(page: Page, path: string, reload: boolean) {
  if (reload) await page.goto(path);
  else
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
}

const sendsVisitorToLogin = (path: string) =>
  ROUTES.some((route) => route.path === path && route.access !== 'public' && route.screen.kind !== 'redirect');

/** A role's page and a doctor to visit; `show` opens a screen and waits until it has drawn. */
async function walker(browser: Browser, baseURL: string, visitor: Visitor) {
  const context = await browser.newContext({ baseURL });
  const [doctor] = (await (await context.request.get('/api/doctors/search')).json()) as Doctor[];
  await context.close();
  const page = await pageFor(browser, visitor);
  const settled = settleTracker(page);
  const show = async (path: string, reload: boolean, where = path) => {
    await open(page, path, reload);
    // A visitor on a signed-in screen is sent to sign in by a page load that may start after the
    // screen has drawn: the audit waits for the sign-in screen (axe in a page that navigates away failed once).
    if (visitor === 'visitor' && sendsVisitorToLogin(path)) await page.waitForURL((url) => url.pathname === '/login');
    await settled();
    // The screen has rendered once its main region has a heading (lazy chunks and data loaded);
    // what it fetches once drawn is waited for too.
    await expect(page.getByRole('main').getByRole('heading').first(), where).toBeVisible();
    await settled();
  };
  return { doctor, page, show, settled, main: mainScreens(visitor, doctor.id) };
}

for (const visitor of ['visitor', 'patient', 'doctor', 'admin'] as const) {
  test.describe(visitor, () => {
    // A role's two walks share its account, whose language the second changes: one after the other.
    test.describe.configure({ mode: 'serial' });
    test(`no serious or critical axe finding on any screen at 390 and 1280 px (${visitor})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(480_000);
      const { doctor, page, show, settled, main } = await walker(browser, baseURL!, visitor);
      const findings: string[] = [];
      const every = routesFor(visitor, doctor.id, main);
      const paths = every.filter((path, i) => main.has(path) || inTurn(i));
      let analysed = 0;
      for (const [i, path] of paths.entries()) {
        await page.setViewportSize(WIDTHS[0]);
        await show(path, i === 0);
        // Where the screen landed, asked again until its title agrees: a screen that sends a visitor
        // to sign in may do so after its first heading is drawn (flaky once on /referrals).
        await expect(async () => {
          const landed = new URL(page.url()).pathname;
          const title = landed.startsWith('/doctors/')
            ? `Dr. ${doctor.user.firstName} ${doctor.user.lastName}`
            : routeTitleFor(landed);
          expect(await page.title(), path).toBe(`${title} · Medora`);
        }).toPass({ timeout: 20_000 });
        await settled();
        for (const size of main.has(path) && inTurn(i) ? WIDTHS : WIDTHS.slice(0, 1)) {
          analysed += 1;
          await page.setViewportSize(size);
          findings.push(...(await severeFindings(page, `${path} @${size.width}`)));
        }
      }
      console.log(
        `axe (${visitor}): ${paths.length} of ${every.length} screens in English${TURN === null ? '' : ` (CI, half ${TURN} of 2)`}, ${analysed} runs, ${findings.length} serious or critical findings`,
      );
      // Every main screen was among them (at both widths; in CI, over two commits).
      expect([...main].filter((path) => !paths.includes(path))).toEqual([]);
      expect(findings).toEqual([]);
      await page.context().close();
    });

    // The main screens again in Spanish and in Arabic (right to left), at the desktop width: the
    // account's language for a role, the cookie for a visitor, as a person would have chosen it.
    test(`no serious or critical axe finding on the main screens in Spanish and Arabic (${visitor})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(480_000);
      const { page, show, main } = await walker(browser, baseURL!, visitor);
      const findings: string[] = [];
      await page.goto('/');
      try {
        for (const language of ['es', 'ar'] as const) {
          await chooseLanguage(page, visitor, language);
          const screens = [...main].filter((_, i) => BOTH_LANGUAGES || i % 2 === (language === 'es' ? 0 : 1));
          for (const [i, path] of screens.entries()) {
            // The chosen language is read when the app starts: the first screen of each is a page load.
            await show(path, i === 0, `${path} (${language})`);
            await expect(page.locator('html'), path).toHaveAttribute('lang', language);
            findings.push(...(await severeFindings(page, `${path} (${language})`)));
          }
        }
      } finally {
        // The account's language is shared with the other audits of this role (and a retry).
        await chooseLanguage(page, visitor, 'en');
      }
      console.log(
        `axe (${visitor}): ${main.size} main screens in ${BOTH_LANGUAGES ? 'Spanish and Arabic' : 'Spanish or Arabic (CI)'}, ${findings.length} serious or critical findings`,
      );
      expect(findings).toEqual([]);
      await page.context().close();
    });
  });
}
