import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import english from '../../../../common/i18n/en/screens/bell.json';
import spanish from '../../../../common/i18n/es/screens/bell.json';
import arabic from '../../../../common/i18n/ar/screens/bell.json';

const count = (locale: string, messages: Record<string, string>, n: number) =>
  createIntl({ locale, messages }).formatMessage({ id: 'bell.count' }, { count: n });

describe('the bell’s count of notifications', () => {
  it('agrees with its number in English and Spanish', () => {
    expect([1, 2].map((n) => count('en-US', english, n))).toEqual(['1 notification', '2 notifications']);
    expect([1, 2].map((n) => count('es', spanish, n))).toEqual(['1 notificación', '2 notificaciones']);
  });

  it('uses the six Arabic plural forms', () => {
    expect([0, 1, 2, 3, 11, 100].map((n) => count('ar-u-nu-latn', arabic, n))).toEqual([
      'لا توجد إشعارات',
      'إشعار واحد',
      'إشعاران',
      '3 إشعارات',
      '11 إشعارًا',
      '100 إشعار',
    ]);
  });
});
