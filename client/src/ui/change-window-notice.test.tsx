// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import { markLoadedForTests } from '../lib/i18n/areas';
import { LanguageContext } from '../lib/i18n/use-t';
import { ChangeWindowNotice } from './change-window-notice';

const files = import.meta.glob<Record<string, string>>('../../../common/i18n/*/screens/ui.json', {
  eager: true,
  import: 'default',
});
const messagesOf = (language: Language) => files[`../../../common/i18n/${language}/screens/ui.json`];

function renderIn(language: Language, ui: ReactNode) {
  markLoadedForTests(language, ['ui']);
  return render(
    <LanguageContext.Provider value={{ language, setLanguage: () => {} }}>
      <IntlProvider locale={INTL_LOCALE[language]} messages={messagesOf(language)}>
        {ui}
      </IntlProvider>
    </LanguageContext.Provider>,
  );
}
const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

afterEach(cleanup);

describe('the 24-hour notice before booking and paying', () => {
  it('says a visit two hours ahead can be neither moved nor refunded once booked', () => {
    renderIn('en', <ChangeWindowNotice startsAt={hoursAhead(2)} />);
    expect(screen.getByText('Starts within 24 hours')).toBeTruthy();
    expect(screen.getByTestId('change-window-notice').textContent).toContain(
      "can't be moved or cancelled for a refund",
    );
  });

  it('says nothing for a visit two days ahead', () => {
    renderIn('en', <ChangeWindowNotice startsAt={hoursAhead(48)} />);
    expect(screen.queryByTestId('change-window-notice')).toBeNull();
  });

  it('speaks the reader’s language', () => {
    renderIn('es', <ChangeWindowNotice startsAt={hoursAhead(23)} />);
    expect(screen.getByText('Empieza en menos de 24 horas')).toBeTruthy();
    cleanup();
    renderIn('ar', <ChangeWindowNotice startsAt={hoursAhead(23)} />);
    expect(screen.getByText('تبدأ خلال أقل من 24 ساعة')).toBeTruthy();
  });
});
