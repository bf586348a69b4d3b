import { localTimeZone } from '@common/rules/display-time';
import {
  formatDate,
  formatMoney,
  formatNumber,
  zoneLabelIn,
  zoneWithOffset,
  type DateStyle,
} from '@common/i18n/format';
import { countryName, placeName, spokenLanguageName } from '@common/i18n/names';
import { useIntlShape, useLanguage } from './use-t';

/** The formats of common/i18n/format.ts bound to the viewer's language and clock. */
export function useFormats() {
  const { language } = useLanguage();
  const intl = useIntlShape();
  const city = (zone: string) => {
    const id = `zones.city.${zone}`;
    return intl.messages[id] ? intl.formatMessage({ id }) : undefined;
  };
  /** A specialty as the directory names it (English), in the viewer's language where the catalogue has it. */
  const specialty = (name: string) => {
    const id = `specialties.name.${name}`;
    return intl.messages[id] ? intl.formatMessage({ id }) : name;
  };
  return {
    language,
    money: (cents: number, options?: { toTheCent?: boolean }) => formatMoney(cents, language, options),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    date: (instant: Date | string, style: DateStyle, timeZone = localTimeZone()) =>
      formatDate(instant, style, language, timeZone),
    zoneLabel: (timeZone = localTimeZone()) => zoneLabelIn(timeZone, language, city),
    /** "Berlin time (UTC+1)", "hora de Berlín (UTC+1)". */
    zoneWithOffset: (timeZone = localTimeZone(), when: Date | string = new Date()) =>
      zoneWithOffset(timeZone, when, language, zoneLabelIn(timeZone, language, city)),
    specialty,
    /** A country or a spoken language as the directory stores it (English), in the viewer's language. */
    country: (name: string) => countryName(name, language),
    spokenLanguage: (name: string) => spokenLanguageName(name, language),
    place: (location: string, country: string) => placeName(location, country, language),
    /** "English, French": names listed with the comma the language writes. */
    list: (items: string[]) => items.join(language === 'ar' ? '، ' : ', '),
    /** Account digits, codes and IBANs stay one left-to-right run inside an Arabic sentence. */
    ltr: (text: string) => (language === 'ar' ? `\u2066${text}\u2069` : text),
  };
}
