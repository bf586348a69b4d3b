import { clockTime, dayDate, localTimeZone, momentText, zoneName } from '@common/rules/display-time';
import { formatDate, formatOffset } from '@common/i18n/format';
import { INTL_LOCALE } from '@common/i18n/languages';
import { textsFor } from './i18n/areas';
import { useFormats } from './i18n/use-formats';

const useT = textsFor('account-zone');

const at = (instant: Date | string) => (instant instanceof Date ? instant : new Date(instant));

/**
 * The account screens' times in the viewer's language. English keeps the helpers of
 * display-time.ts byte for byte (the spec's forms); Spanish and Arabic go through Intl
 * (common/i18n/format.ts), with zones named by place as decision 047 has them.
 */
export function useViewerTime() {
  const t = useT();
  const formats = useFormats();
  const { language } = formats;
  const english = language === 'en';
  return {
    language,
    /** "Berlin time (UTC+1)", "hora de Berlín (UTC+1)"; UTC and the fixed offsets are their own offset. */
    zoneName: (zone: string, when: Date | string = new Date()) => {
      const plain = zoneName(zone, when);
      if (english || plain.startsWith('UTC')) return plain;
      return t('account-zone.zoneWithOffset', {
        zone: formats.zoneLabel(zone),
        offset: formatOffset(zone, when, language),
      });
    },
    /** "9:14 PM Berlin time", "15:30, hora de Berlín". */
    clock: (instant: Date | string, zone = localTimeZone()) =>
      english
        ? clockTime(instant, zone)
        : t('account-zone.clockInZone', {
            clock: formatDate(instant, 'time', language, zone),
            zone: formats.zoneLabel(zone),
          }),
    /** "November 24, 2026". */
    day: (instant: Date | string, zone = localTimeZone()) =>
      english ? dayDate(instant, zone) : formatDate(instant, 'day', language, zone),
    /** "Tue, Nov 24, 2026, 3:30 PM Berlin time": a moment in a record (a sign-in, an e-mail), not an appointment. */
    moment: (instant: Date | string, zone = localTimeZone()) =>
      english
        ? momentText(instant, zone)
        : t('account-zone.clockInZone', {
            clock: new Intl.DateTimeFormat(INTL_LOCALE[language], {
              dateStyle: 'medium',
              timeStyle: 'short',
              timeZone: zone,
            }).format(at(instant)),
            zone: formats.zoneLabel(zone),
          }),
    /** "5m ago", "hace 5 min". */
    relative: (instant: Date | string) => formats.relative(instant),
  };
}
