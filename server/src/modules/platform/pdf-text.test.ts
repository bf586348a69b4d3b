// The order a reader sees on a PDF line (decision 063, 067): a logical string in, the runs of one
// direction out, left to right, each as it is read. Arabic sentences keep amounts, dates,
// numbers, e-mail addresses and codes whole and spaced from the words around them; English and
// Spanish lines are not touched.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../../core/i18n';
import { moneyText, receiptDateIn } from '../receipts/pdf';
import { spacedRuns, visualRuns } from './pdf-text';

// Intl joins the number and the currency with a no-break space.
const usd = (cents: number) => moneyText(cents, 'usd', 'ar');

describe('visualRuns: an Arabic line', () => {
  it('"and" before an amount: the amount stays one left-to-right run, a space between it and "و"', () => {
    const text = translate('ar', 'pdf.receipt.walletAndCard', { wallet: usd(5000), card: usd(9950) });
    // Written "و" against the isolate: the defect was "و" touching the amount ("و$99.50 US").
    expect(text).toContain('و\u2066');
    expect(visualRuns(text, 'ar')).toEqual([
      { text: ' بالبطاقة', dir: 'rtl' },
      { text: '99.50\u00a0US$', dir: 'ltr' },
      { text: ' من رصيد المحفظة، و\u00a0', dir: 'rtl' },
      { text: '50.00\u00a0US$', dir: 'ltr' },
    ]);
  });

  it('an amount opening the sentence sits at the right edge, the bracketed words to its left', () => {
    const text = translate('ar', 'pdf.receipt.noVat', { amount: usd(0) });
    expect(visualRuns(text, 'ar')).toEqual([
      { text: ' (لم تُفرض ضريبة القيمة المضافة)', dir: 'rtl' },
      { text: '0.00\u00a0US$', dir: 'ltr' },
    ]);
  });

  it('a date and time read right to left, each number whole', () => {
    const text = receiptDateIn('ar', new Date('2026-11-26T14:04:00Z'), 'Asia/Riyadh');
    expect(visualRuns(text, 'ar')).toEqual([
      { text: ' م توقيت الرياض', dir: 'rtl' },
      { text: '5:04', dir: 'ltr' },
      { text: '، ', dir: 'rtl' },
      { text: '2026', dir: 'ltr' },
      { text: ' نوفمبر ', dir: 'rtl' },
      { text: '26', dir: 'ltr' },
      { text: 'الخميس، ', dir: 'rtl' },
    ]);
  });

  it('a number in a sentence, and a prefix written against bare digits', () => {
    expect(visualRuns(translate('ar', 'pdf.summary.followUpIn', { days: 3 }), 'ar')).toEqual([
      { text: ' أيام.', dir: 'rtl' },
      { text: '3', dir: 'ltr' },
      { text: 'يقترح طبيبك موعد متابعة بعد ', dir: 'rtl' },
    ]);
    expect(visualRuns('و12 شهرًا', 'ar')).toEqual([
      { text: ' شهرًا', dir: 'rtl' },
      { text: '12', dir: 'ltr' },
      { text: 'و\u00a0', dir: 'rtl' },
    ]);
  });

  it('an e-mail address and a reference code keep their order inside Arabic words', () => {
    expect(visualRuns(translate('ar', 'mail.emailChanged.line', { email: '2nia.r@example.com' }), 'ar')).toEqual([
      { text: '؛ ولن يتلقى هذا العنوان رسائله بعد الآن.', dir: 'rtl' },
      { text: '2nia.r@example.com', dir: 'ltr' },
      { text: ' يسجّل الدخول بالعنوان ', dir: 'rtl' },
      { text: 'Medora', dir: 'ltr' },
      { text: 'أصبح حسابك في ', dir: 'rtl' },
    ]);
    expect(visualRuns('رقم الإيصال\u2066MED-2026-000042\u2069.', 'ar')).toEqual([
      { text: '.', dir: 'rtl' },
      { text: 'MED-2026-000042', dir: 'ltr' },
      { text: 'رقم الإيصال\u00a0', dir: 'rtl' },
    ]);
  });

  it('a span with no Arabic (an address, a name) is one left-to-right run', () => {
    expect(visualRuns('1 Harbour Street, Dublin', 'ar')).toEqual([{ text: '1 Harbour Street, Dublin', dir: 'ltr' }]);
  });
});

describe('spacedRuns', () => {
  it('spaces an Arabic letter from a left-to-right isolate on either side, once, with a no-break space', () => {
    expect(spacedRuns('و\u2066$5\u2069بالبطاقة')).toBe('و\u00a0\u2066$5\u2069\u00a0بالبطاقة');
    expect(spacedRuns('و \u2066$5\u2069 بالبطاقة')).toBe('و \u2066$5\u2069 بالبطاقة');
    // A vowel mark belongs to its letter: the space goes after it.
    expect(spacedRuns('وَ\u2066$5\u2069')).toBe('وَ\u00a0\u2066$5\u2069');
    // So does a direction mark.
    expect(spacedRuns('و\u200f\u2066$5\u2069')).toBe('و\u200f\u00a0\u2066$5\u2069');
  });

  it('leaves the tatweel join ("بـ3"), Arabic-script isolates, punctuation and Latin text as written', () => {
    expect(spacedRuns('بـ3 أشهر')).toBe('بـ3 أشهر');
    expect(spacedRuns('في\u2067الرياض\u2069')).toBe('في\u2067الرياض\u2069');
    expect(spacedRuns('(\u20660%\u2069)')).toBe('(\u20660%\u2069)');
    expect(spacedRuns('Medora Health Ltd, 1 Harbour Street')).toBe('Medora Health Ltd, 1 Harbour Street');
  });
});

describe('spacedRuns on any text', () => {
  const pieces = fc.constantFrom(
    'و',
    'ب',
    'ـ',
    'َ',
    '\u200f',
    ' ',
    '3',
    'a',
    '$',
    '(',
    '\u2066',
    '\u2067',
    '\u2069',
    '.',
  );
  const texts = fc.array(pieces, { maxLength: 24 }).map((parts) => parts.join(''));

  it('only adds no-break spaces, and adds none a second time', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const spaced = spacedRuns(text);
        expect(spaced.replaceAll('\u00a0', '')).toBe(text);
        expect(spacedRuns(spaced)).toBe(spaced);
      }),
    );
  });

  it('leaves a text without Arabic letters as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (any) => {
        const text = any.replace(/[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/g, '');
        expect(spacedRuns(text)).toBe(text);
      }),
    );
  });
});

describe('visualRuns: English and Spanish lines', () => {
  it('are one left-to-right run, exactly as written', () => {
    for (const text of ['$50.00 wallet credit, $99.50 card', '50,00 US$ de saldo del monedero y 99,50 US$ con tarjeta'])
      expect(visualRuns(text, 'en')).toEqual([{ text, dir: 'ltr' }]);
    expect(visualRuns('Total pagado 149,50 US$', 'es')).toEqual([{ text: 'Total pagado 149,50 US$', dir: 'ltr' }]);
  });
});
