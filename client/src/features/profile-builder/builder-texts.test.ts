import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import ar from '@common/i18n/ar/screens/builder.json';
import en from '@common/i18n/en/screens/builder.json';
import es from '@common/i18n/es/screens/builder.json';
import type { ClientMessageKey } from '@common/i18n/keys';
import { spokenLanguageName } from '@common/i18n/names';
import { weekdayName } from '@common/i18n/when';
import { noticeText } from './visit-settings';

const translator = (locale: string, messages: Record<string, string>) => {
  const intl = createIntl({ locale, messages });
  return (id: ClientMessageKey, values?: Record<string, string | number | Date>) => intl.formatMessage({ id }, values);
};
const t = { en: translator('en-US', en), es: translator('es', es), ar: translator('ar-u-nu-latn', ar) };

describe('the profile builder in three languages', () => {
  it('names a booking notice as English did, and with Spanish and Arabic plurals', () => {
    expect([0, 30, 60, 120, 1440, 2880, 45].map((m) => noticeText(m, t.en))).toEqual([
      'None',
      '30 minutes',
      '1 hour',
      '2 hours',
      '1 day',
      '2 days',
      '45 minutes',
    ]);
    expect([60, 120, 1440, 10080].map((m) => noticeText(m, t.es))).toEqual(['1 hora', '2 horas', '1 día', '7 días']);
    expect([60, 120, 240, 720, 1440, 2880, 20160].map((m) => noticeText(m, t.ar))).toEqual([
      'ساعة واحدة',
      'ساعتان',
      '4 ساعات',
      '12 ساعة',
      'يوم واحد',
      'يومان',
      '14 يومًا',
    ]);
  });

  it('counts years and certifications in each language', () => {
    expect(t.en('builder.review.years', { count: 12 })).toBe('12 years');
    expect(t.es('builder.review.certCount', { count: 1 })).toBe('1 certificación');
    expect(t.ar('builder.review.certCount', { count: 0 })).toBe('لا توجد شهادات');
    expect(t.ar('builder.review.years', { count: 3 })).toBe('3 سنوات');
  });

  it('keeps Monday first and names the days and spoken languages in the reader’s language', () => {
    expect(weekdayName('mon', 'en')).toBe('Monday');
    expect(weekdayName('sun', 'en')).toBe('Sunday');
    expect(weekdayName('mon', 'es')).toBe('lunes');
    expect(weekdayName('fri', 'ar')).toBe('الجمعة');
    expect(spokenLanguageName('Spanish', 'en')).toBe('Spanish');
    expect(spokenLanguageName('English', 'es')).toBe('Inglés');
    expect(spokenLanguageName('French', 'ar')).toBe('الفرنسية');
    expect(spokenLanguageName('Klingon', 'es')).toBe('Klingon');
  });
});
