import { describe, expect, it } from 'vitest';
import {
  DELETION_ACTIONS,
  ERASED_ON_DELETION,
  KEPT_AFTER_DELETION,
  keptRecordText,
} from '../constants/account-deletion';
import { createIntl } from '@formatjs/intl';
import en from './en/screens/account-deletion.json';
import es from './es/screens/account-deletion.json';
import ar from './ar/screens/account-deletion.json';
import { deletionTexts } from './account-deletion-texts';
import type { ClientMessageKey } from './keys';

// The server's data export and the privacy promise say these in English from one list; the screens
// say them from the catalogue. They must not promise different things.
describe('what deleting an account does, on screen', () => {
  const say = (messages: Record<string, string>, locale: string) => {
    const intl = createIntl({ locale, messages });
    return deletionTexts((id: ClientMessageKey, values?: Record<string, string | number>) =>
      intl.formatMessage({ id }, values),
    );
  };

  it('reads in English word for word as the shared list', () => {
    const texts = say(en, 'en-US');
    expect(texts.actions).toEqual(DELETION_ACTIONS);
    expect(texts.erased).toEqual(ERASED_ON_DELETION);
    expect(texts.kept).toEqual(KEPT_AFTER_DELETION.map(keptRecordText));
  });

  it('keeps every item, and the years, in Spanish and Arabic', () => {
    const spanish = say(es, 'es');
    expect(spanish.kept[0]).toBe(
      'Pagos, reembolsos y movimientos del monedero (importes y fechas, sin su nombre): se conservan 7 años tras la eliminación (normativa contable y fiscal).',
    );
    const arabic = say(ar, 'ar-u-nu-latn');
    // Arabic counts 3–10 with the plural noun: "7 سنوات".
    expect(arabic.kept[0]).toContain('تُحفظ 7 سنوات بعد الحذف');
    for (const texts of [spanish, arabic]) {
      expect(texts.actions).toHaveLength(DELETION_ACTIONS.length);
      expect(texts.erased).toHaveLength(ERASED_ON_DELETION.length);
      expect(texts.kept).toHaveLength(KEPT_AFTER_DELETION.length);
      // Translated, not left in English.
      expect(texts.erased.filter((text) => ERASED_ON_DELETION.includes(text))).toEqual([]);
    }
  });
});
