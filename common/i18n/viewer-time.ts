import { clockTime, dayDate, localTimeZone, momentText } from '../rules/display-time';
import type { ClientMessageKey } from './keys';
import { formatDate, zoneWithOffset } from './format';
import { INTL_LOCALE, type Language } from './languages';

/** What the screens' `useFormats()` gives (client/src/lib/i18n/use-formats.ts). */
type Formats = {
  language: Language;
  zoneLabel: (zone?: string) => string;
  relative: (instant: Date | string) => string;
};
type Translate = (key: ClientMessageKey, values: Record<string, string>) => string;

const at = (instant: Date | string) => (instant instanceof Date ? instant : new Date(instant));

/**
 * The account and legal screens' times in the viewer's language; their module names the
 * 'account-zone' area in textsFor. English keeps the helpers of display-time.ts byte for byte (the
 * spec's forms); Spanish and Arabic go through Intl, with zones named by place (decision 047). It
 * lives in common/ so the bundler keeps it out of the landing page's first load (vite.config.ts).
 */
export function viewerTime(formats: Formats, t: Translate) {
  const { language } = formats;
  const english = language === 'en';
  const inZone = (clock: string, zone: string) =>
    t('account-zone.clockInZone', { clock, zone: formats.zoneLabel(zone) });
  return {
    language,
    /** "Berlin time (UTC+1)", "hora de Berlín (UTC+1)"; UTC and the fixed offsets are their own offset. */
    zoneName: (zone: string, when: Date | string = new Date()) =>
      zoneWithOffset(zone, when, language, formats.zoneLabel(zone)),
    /** "9:14 PM Berlin time", "15:30, hora de Berlín". */
    clock: (instant: Date | string, zone = localTimeZone()) =>
      english ? clockTime(instant, zone) : inZone(formatDate(instant, 'time', language, zone), zone),
    /** "November 24, 2026". */
    day: (instant: Date | string, zone = localTimeZone()) =>
      english ? dayDate(instant, zone) : formatDate(instant, 'day', language, zone),
    /** "Tue, Nov 24, 2026, 3:30 PM Berlin time": a moment in a record (a sign-in, an e-mail), not an appointment. */
    moment: (instant: Date | string, zone = localTimeZone()) =>
      english
        ? momentText(instant, zone)
        : inZone(
            new Intl.DateTimeFormat(INTL_LOCALE[language], {
              dateStyle: 'medium',
              timeStyle: 'short',
              timeZone: zone,
            }).format(at(instant)),
            zone,
          ),
    /** "5m ago", "hace 5 min". */
    relative: formats.relative,
  };
}
