import { zoneLabelIn } from '@common/i18n/format';
import type { Language } from '@common/i18n/languages';
import { whenIn, type When } from '@common/i18n/when';
import { isValidTimeZone } from '@common/rules/zoned-time';
import { cityName, translate } from './i18n';

/** common/i18n/when.ts with a recipient's words: the same sentences the screens say. */
export const whenFor = (language: Language): When =>
  whenIn({
    language,
    say: (key, values) => translate(language, key, values),
    zoneLabel: (zone) => zoneLabelIn(zone, language, cityName(language)),
  });

/**
 * "jueves, 26 de noviembre de 2026 a las 15:00 hora de Berlín (UTC+1) · 9:00 hora de Nueva York
 * (UTC−5)": the recipient's clock in their language, the other party's beside it where it differs.
 * A stored other zone Intl does not know is left out rather than thrown on.
 */
export function localizedWhen(language: Language, instant: Date, zone: string, otherZone?: string): string {
  return whenFor(language).when(instant, zone, otherZone && isValidTimeZone(otherZone) ? otherZone : undefined);
}
