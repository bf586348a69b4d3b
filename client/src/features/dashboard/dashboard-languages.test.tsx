// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import arFirst from '@common/i18n/ar/specialties.json';
import arWhen from '@common/i18n/ar/screens/when.json';
import ar from '@common/i18n/ar/screens/dashboard.json';
import enFirst from '@common/i18n/en/specialties.json';
import enWhen from '@common/i18n/en/screens/when.json';
import en from '@common/i18n/en/screens/dashboard.json';
import es from '@common/i18n/es/screens/dashboard.json';
import esWhen from '@common/i18n/es/screens/when.json';
import { markLoadedForTests } from '../../lib/i18n/areas';
import { setFallbackIntl } from '../../lib/i18n/use-t';
import { setViewer } from '@common/rules/display-time';
import { EarningsCard } from './earnings-card';
import { PayoutsCard } from './payouts-card';

const payout = {
  id: 'p1',
  amount: 14950,
  status: 'paid',
  requestedAt: '2026-11-20T12:00:00Z',
  bankAccount: '•••• 3000',
} as Parameters<typeof PayoutsCard>[0]['payouts'] extends (infer T)[] | undefined ? T : never;

const earning = {
  id: 'e1',
  status: 'in_payout',
  netEarnings: 10200,
  grossAmount: 12000,
  platformCommission: 1800,
  earnedAt: '2026-11-16T12:00:00Z',
} as Parameters<typeof EarningsCard>[0]['earnings'] extends (infer T)[] | undefined ? T : never;

function inLanguage(language: 'es' | 'ar') {
  const messages = language === 'es' ? { ...enFirst, ...es, ...esWhen } : { ...arFirst, ...ar, ...arWhen };
  markLoadedForTests(language, ['dashboard', 'when']);
  setFallbackIntl(createIntl({ locale: language === 'es' ? 'es' : 'ar-u-nu-latn', messages }), language);
}

beforeAll(() => setViewer({ timeZone: 'UTC' }));
afterEach(cleanup);
afterAll(() => setFallbackIntl(createIntl({ locale: 'en-US', messages: { ...enFirst, ...en, ...enWhen } })));

describe('the dashboard in Spanish and Arabic', () => {
  it('says a payout’s status, date, amount and account in Spanish', () => {
    inLanguage('es');
    render(<PayoutsCard payouts={[payout]} summary={{ owed: 25500, inPayout: 0, paidOut: 40000 }} isLoading={false} />);
    expect(screen.getByText('Se le debe').nextElementSibling?.textContent).toBe('255\u00a0US$');
    expect(screen.getByText('149,50 US$')).toBeTruthy();
    expect(screen.getByText('20 nov 2026 · Transferencia bancaria a •••• 3000')).toBeTruthy();
    expect(screen.getByText('Pagado', { selector: 'span' })).toBeTruthy();
  });

  it('keeps the account digits one left-to-right run inside an Arabic line, and names the earning’s status', () => {
    inLanguage('ar');
    render(<PayoutsCard payouts={[payout]} isLoading={false} />);
    const line = screen.getByText(/تحويل مصرفي إلى/).textContent;
    expect(line).toContain('\u2066•••• 3000\u2069');
    expect(line).toContain('20 نوفمبر 2026');
    expect(screen.getByText('مدفوعة')).toBeTruthy();
    render(<EarningsCard stats={undefined} paidOut={undefined} earnings={[earning]} isLoading={false} />);
    expect(screen.getByText('ضمن دفعة')).toBeTruthy();
    expect(screen.getByText(/رسوم .*120 US\$.* − عمولة .*18 US\$/)).toBeTruthy();
  });
});
