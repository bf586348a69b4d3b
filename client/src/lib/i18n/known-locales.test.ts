import { describe, expect, it } from 'vitest';
import { answerKnownLocales } from './known-locales';

describe('answerKnownLocales', () => {
  it('answers Medora’s own locales at once and leaves every other question to the browser', () => {
    answerKnownLocales();
    expect(Intl.NumberFormat.supportedLocalesOf('ar-u-nu-latn')).toEqual(['ar-u-nu-latn']);
    expect(Intl.DateTimeFormat.supportedLocalesOf('en-US')).toEqual(['en-US']);
    expect(Intl.NumberFormat.supportedLocalesOf(['es', 'fr'])).toEqual(['es', 'fr']);
    expect(() => Intl.NumberFormat.supportedLocalesOf('not a locale')).toThrow(RangeError);
  });
});
