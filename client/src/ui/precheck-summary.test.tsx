// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { markLoadedForTests } from '../lib/i18n/areas';
import { collect } from '../lib/i18n/collect';
import { setFallbackIntl } from '../lib/i18n/use-t';
import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import { PrecheckSummary } from './precheck-summary';

const catalogues = {
  en: import.meta.glob('../../../common/i18n/en/screens/precall.json', { eager: true, import: 'default' }),
  es: import.meta.glob('../../../common/i18n/es/screens/precall.json', { eager: true, import: 'default' }),
  ar: import.meta.glob('../../../common/i18n/ar/screens/precall.json', { eager: true, import: 'default' }),
};

function readIn(language: Language) {
  markLoadedForTests(language, ['precall']);
  setFallbackIntl(createIntl({ locale: INTL_LOCALE[language], messages: collect(catalogues[language]) }), language);
}

afterEach(cleanup);

const blockedCamera = { camera: 'blocked', microphone: 'ok', network: 'relay' } as const;

describe("the patient's pre-call check beside their name", () => {
  it('English: marks for the eye, words for the screen reader, as the doctor has always read them', () => {
    readIn('en');
    render(<PrecheckSummary result={blockedCamera} consultationType="video" />);
    expect(screen.getByTestId('precheck-summary').textContent).toBe(
      'Pre-call check: camera \u2717blocked, mic \u2713works, relay only',
    );
  });

  it('Spanish and Arabic: the words in the language, the marks unchanged, the voice visit without a camera', () => {
    readIn('es');
    const { unmount } = render(<PrecheckSummary result={blockedCamera} consultationType="video" />);
    expect(screen.getByTestId('precheck-summary').textContent).toBe(
      'Comprobación previa: cámara \u2717bloqueado, micrófono \u2713funciona, solo retransmisión',
    );
    unmount();
    readIn('ar');
    render(
      <PrecheckSummary result={{ camera: 'skipped', microphone: 'ok', network: 'none' }} consultationType="voice" />,
    );
    expect(screen.getByTestId('precheck-summary').textContent).toBe(
      'الفحص قبل المكالمة: الميكروفون \u2713يعمل، لا يوجد اتصال',
    );
  });
});
