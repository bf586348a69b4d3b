import { formatDate, formatOffset, zoneLabelIn } from '@common/i18n/format';
import type { Language } from '@common/i18n/languages';
import { sameClock } from '@common/rules/display-time';
import { isValidTimeZone } from '@common/rules/zoned-time';
import { cityName, translate } from './i18n';

/**
 * "jueves, 26 de noviembre de 2026 a las 15:00 hora de Berlín (UTC+1) · 9:00 hora de Nueva York
 * (UTC−5)": the recipient's clock in their language, the other party's beside it where it differs,
 * as the English whenText says it.
 */
export function localizedWhen(language: Language, instant: Date, zone: string, otherZone?: string): string {
  const label = (z: string) => zoneLabelIn(z, language, cityName(language));
  const clock = (z: string) => formatDate(instant, 'time', language, z);
  const withOffset = (z: string) => `${clock(z)} ${label(z)} (${formatOffset(z, instant, language)})`;
  const other = otherZone && isValidTimeZone(otherZone) && otherZone !== zone && !sameClock(instant, zone, otherZone);
  const time = other ? `${withOffset(zone)} \u00b7 ${withOffset(otherZone)}` : `${clock(zone)} ${label(zone)}`;
  return translate(language, 'mail.when', { date: formatDate(instant, 'long', language, zone), time });
}
