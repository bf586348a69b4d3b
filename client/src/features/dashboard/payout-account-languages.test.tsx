// @vitest-environment jsdom
// The payout form says its own checks (common/rules/bank-account.ts) in the reader's language.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createIntl } from 'react-intl';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import arValidation from '@common/i18n/ar/validation.json';
import arDashboard from '@common/i18n/ar/screens/dashboard.json';
import arFields from '@common/i18n/ar/screens/fields.json';
import enDashboard from '@common/i18n/en/screens/dashboard.json';
import enFields from '@common/i18n/en/screens/fields.json';
import enValidation from '@common/i18n/en/validation.json';
import esValidation from '@common/i18n/es/validation.json';
import esDashboard from '@common/i18n/es/screens/dashboard.json';
import esFields from '@common/i18n/es/screens/fields.json';
import { createQueryClient } from '../../lib/query-client';
import { markLoadedForTests } from '../../lib/i18n/areas';
import { setFallbackIntl } from '../../lib/i18n/use-t';
import { pathOf, startServer } from '../../test-support/msw';
import { PayoutAccountCard } from './payout-account-card';

const server = startServer();

const CATALOGUES = {
  es: { ...esValidation, ...esDashboard, ...esFields },
  ar: { ...arValidation, ...arDashboard, ...arFields },
};

function inLanguage(language: 'es' | 'ar') {
  markLoadedForTests(language, ['dashboard', 'fields']);
  setFallbackIntl(
    createIntl({ locale: language === 'es' ? 'es' : 'ar-u-nu-latn', messages: CATALOGUES[language] }),
    language,
  );
  const sent: unknown[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      if (request.method === 'PUT') sent.push(await request.text());
      return HttpResponse.json(pathOf(request) === '/api/doctor/payout-account' ? null : {});
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PayoutAccountCard />
    </QueryClientProvider>,
  );
  return { sent };
}

afterEach(cleanup);
afterAll(() =>
  setFallbackIntl(createIntl({ locale: 'en-US', messages: { ...enValidation, ...enDashboard, ...enFields } })),
);

describe('the payout form’s checks in Spanish and Arabic', () => {
  it('a short IBAN and a missing holder, in Spanish; nothing is sent', async () => {
    const { sent } = inLanguage('es');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('IBAN'), 'DE89 3704 0044 0532 0130');
    await user.click(screen.getByRole('button', { name: 'Guardar cuenta para pagos' }));
    expect(await screen.findByText('Un IBAN de DE tiene 22 caracteres; este tiene 20 caracteres')).toBeTruthy();
    expect(screen.getByText('Introduzca el nombre del titular de la cuenta')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('a mistyped IBAN, in Arabic', async () => {
    inLanguage('ar');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('صاحب الحساب'), 'Dana Okafor');
    await user.type(screen.getByLabelText('رقم IBAN'), 'DE89 3704 0044 0532 0130 01');
    await user.click(screen.getByRole('button', { name: 'حفظ حساب استلام المدفوعات' }));
    expect(await screen.findByText('رقم IBAN هذا غير صالح: تحقّق من عدم وجود حرف مكتوب خطأً')).toBeTruthy();
  });
});
