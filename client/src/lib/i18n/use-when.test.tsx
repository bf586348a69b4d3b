// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import { markLoadedForTests } from './areas';
import { LanguageContext } from './use-t';
import { useWhen } from './use-when';

const files = import.meta.glob<Record<string, string>>(
  ['../../../../common/i18n/*/zones.json', '../../../../common/i18n/*/screens/when.json'],
  { eager: true, import: 'default' },
);
const messagesOf = (language: Language) =>
  Object.assign(
    {},
    ...Object.entries(files)
      .filter(([f]) => f.includes(`/${language}/`))
      .map(([, m]) => m),
  );

function whenIn(language: Language) {
  markLoadedForTests(language, ['when']);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LanguageContext.Provider value={{ language, setLanguage: () => {} }}>
      <IntlProvider locale={INTL_LOCALE[language]} messages={messagesOf(language)}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
  return renderHook(() => useWhen(), { wrapper }).result.current;
}

// Sunday 29 March 2026, 13:00 UTC: London has just moved to summer time, New York did three weeks earlier.
const visit = { startsAt: '2026-03-29T13:00:00Z', timeZone: 'America/New_York' };
const before = new Date('2026-03-20T12:00:00Z');

describe('useWhen', () => {
  it('says it in English as the spec writes it', () => {
    const when = whenIn('en');
    // Home's upcoming list, as upcoming-appointments.test.ts has always read it.
    expect(when.soon(visit.startsAt, 'Europe/London', visit.timeZone, before)).toBe(
      'Sun, Mar 29 at 2:00 PM London time (UTC+1) \u00b7 9:00 AM New York time (UTC\u22124)',
    );
    expect(when.when(visit.startsAt, 'Europe/London', visit.timeZone)).toBe(
      'Sunday, March 29, 2026 at 2:00 PM London time (UTC+1) \u00b7 9:00 AM New York time (UTC\u22124)',
    );
    expect(when.time(visit.startsAt, 'America/New_York', visit.timeZone)).toBe('9:00 AM New York time');
    expect(when.soon(visit.startsAt, 'America/New_York', visit.timeZone, new Date('2026-03-28T15:00:00Z'))).toBe(
      'Tomorrow at 9:00 AM New York time',
    );
    expect(when.soon(visit.startsAt, 'Asia/Kolkata', visit.timeZone, before)).toBe(
      'Sun, Mar 29 at 6:30 PM India time (UTC+5:30) \u00b7 9:00 AM New York time (UTC\u22124)',
    );
    expect(when.slotTime(visit.startsAt, 'Europe/London')).toBe('02:00 PM');
  });

  it('says it in Spanish: its words, its 24-hour clock, the places in Spanish', () => {
    const when = whenIn('es');
    expect(when.when(visit.startsAt, 'Europe/Madrid', visit.timeZone)).toBe(
      'domingo, 29 de marzo de 2026 a las 15:00 hora de Madrid (UTC+2) · 9:00 hora de Nueva York (UTC\u22124)',
    );
    expect(when.soon(visit.startsAt, 'America/New_York', visit.timeZone, new Date('2026-03-28T15:00:00Z'))).toBe(
      'Mañana a las 9:00 hora de Nueva York',
    );
    expect(when.zoneName('UTC')).toBe('UTC');
  });

  it('says it in Arabic, with Western digits and the clock read right to left', () => {
    const when = whenIn('ar');
    const text = when.when(visit.startsAt, 'Africa/Cairo', visit.timeZone);
    expect(text).toMatch(/^الأحد، 29 مارس 2026 في الساعة 3:00 م توقيت /);
    expect(text).toContain('9:00 ص توقيت ');
    expect(when.shortDate(visit.startsAt, 'Africa/Cairo', new Date('2026-03-29T08:00:00Z'))).toMatch(/^اليوم، /);
  });
});
