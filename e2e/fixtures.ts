import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../common/schemas/meta';

export type Role = 'patient' | 'doctor' | 'admin';

/**
 * `loginAs` signs in through the API (the cookie lands in the page's context), so tests that are
 * not about the sign-in form do not click through it. Every test fails on a console error.
 */
export const test = base.extend<{ loginAs: (role: Role) => Promise<void>; consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        // A visitor's user check answers 401 by design, as does a wrong password.
        const expected401 =
          msg.text().includes('status of 401') && /\/api\/auth\/(user|login)$/.test(msg.location().url);
        if (!expected401) errors.push(`${msg.text()} (${msg.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  loginAs: async ({ page }, use) => {
    await use(async (role: Role) => {
      const account = DEMO_ACCOUNTS.find((a) => a.userType === role)!;
      const res = await page.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
      });
      expect(res.status()).toBe(200);
    });
  },
});

export { expect };

export async function mainNavLinks(page: Page): Promise<string[]> {
  // The links appear once the user check has answered; allInnerTexts() alone does not wait.
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await links.first().waitFor();
  return links.allInnerTexts();
}
