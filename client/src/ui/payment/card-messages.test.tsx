// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import { markLoadedForTests } from '../../lib/i18n/areas';
import { LanguageContext } from '../../lib/i18n/use-t';
import { HoldNotice } from '../hold-notice';
import { SimulatedCardForm } from './simulated-card-form';

const files = import.meta.glob<Record<string, string>>(
  ['../../../../common/i18n/*/validation.json', '../../../../common/i18n/*/screens/{payment,ui}.json'],
  { eager: true, import: 'default' },
);
const messagesOf = (language: Language) =>
  Object.assign(
    {},
    ...Object.entries(files)
      .filter(([f]) => f.includes(`/${language}/`))
      .map(([, m]) => m),
  );

function renderIn(language: Language, ui: ReactNode) {
  markLoadedForTests(language, ['payment', 'ui']);
  return render(
    <LanguageContext.Provider value={{ language, setLanguage: () => {} }}>
      <IntlProvider locale={INTL_LOCALE[language]} messages={messagesOf(language)}>
        {ui}
      </IntlProvider>
    </LanguageContext.Provider>,
  );
}

afterEach(cleanup);

describe('the card form in the reader’s language', () => {
  it('says the card checks and a decline in Spanish, beside a Pay button with the amount in Spanish', () => {
    renderIn('es', <SimulatedCardForm amountLabel="149,50 US$" processing={false} onPay={() => {}} error={null} />);
    fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pagar 149,50 US$' }));
    expect(screen.getByText('El número de su tarjeta no es válido.')).toBeTruthy();
    expect(screen.getByText('Su código postal está incompleto.')).toBeTruthy();
    cleanup();
    renderIn(
      'es',
      <SimulatedCardForm amountLabel="150 US$" processing={false} onPay={() => {}} error="Your card was declined." />,
    );
    expect(screen.getByTestId('payment-error').textContent).toBe('Su tarjeta fue rechazada.');
  });

  it('passes a message it does not know (already in the reader’s language) through unchanged', () => {
    renderIn(
      'ar',
      <SimulatedCardForm amountLabel="150 US$" processing={false} onPay={() => {}} error="رُفضت البطاقة." />,
    );
    expect(screen.getByTestId('payment-error').textContent).toBe('رُفضت البطاقة.');
  });

  it('counts the hold’s minutes with the Arabic plural forms', () => {
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    renderIn('ar', <HoldNotice createdAt={minutesAgo(29.5)} />);
    expect(screen.getByTestId('hold-notice').textContent).toContain('تتبقى دقيقة واحدة');
    cleanup();
    renderIn('ar', <HoldNotice createdAt={minutesAgo(27.5)} />);
    expect(screen.getByTestId('hold-notice').textContent).toContain('تتبقى 3 دقائق');
    cleanup();
    renderIn('ar', <HoldNotice createdAt={minutesAgo(18.5)} />);
    expect(screen.getByTestId('hold-notice').textContent).toContain('تتبقى 12 دقيقة');
  });
});
