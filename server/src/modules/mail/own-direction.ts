import type { Language } from '@common/i18n/languages';

/**
 * A name, an address, a link or a person's own words inside an Arabic sentence keep their own
 * direction (the first strong letter decides: FSI … PDI): without it "1.nia@example.com" shows as
 * "nia@example.com.1" and "2 days of fever" as "days of fever 2" in a right-to-left paragraph.
 * Amounts and zone offsets come isolated from the formatters already; other languages are untouched.
 */
export const ownDirection = (language: Language, text: string) =>
  language === 'ar' && text ? `\u2068${text}\u2069` : text;
