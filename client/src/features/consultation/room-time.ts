import { formatDate, formatMoney, formatOffset } from '@common/i18n/format';
import type { Language } from '@common/i18n/languages';
import { localDateOf, localTimeZone, longDate, sameClock, slotTime, timeText } from '@common/rules/display-time';
import { formatMoney as englishMoney } from '@common/rules/fees';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import type { Translate } from '../../lib/i18n/use-t';

const useT = textsFor('room');

/** When a visit happens and what it costs, as the room's screens say it in the viewer's language. */
export type RoomTime = {
  /** "Tuesday, November 24, 2026" */
  longDate: (instant: Date | string, zone?: string) => string;
  /** "3:00 PM Berlin time", or the viewer's clock and the other party's where they differ. */
  timeText: (instant: Date | string, viewerZone?: string, otherZone?: string) => string;
  /** "02:30 PM": a clock alone. */
  slotTime: (instant: Date | string, zone?: string) => string;
  money: (cents: number) => string;
};

// English keeps the shared helpers' forms byte for byte (the spec's "3:00 PM Berlin time (UTC+1)").
const ENGLISH: RoomTime = {
  longDate: (instant, zone = localTimeZone()) => longDate(instant, zone),
  timeText: (instant, viewerZone = localTimeZone(), otherZone) => timeText(instant, viewerZone, otherZone),
  slotTime: (instant, zone = localTimeZone()) => slotTime(instant, zone),
  money: (cents) => englishMoney(cents),
};

/** The room's times in a language; `zoneLabel` names a zone in it ("hora de Berlín"). */
export function roomTimeIn(language: Language, t: Translate, zoneLabel: (zone: string) => string): RoomTime {
  if (language === 'en') return ENGLISH;
  const clock = (instant: Date | string, zone: string) => formatDate(instant, 'time', language, zone);
  const withOffset = (time: string, instant: Date | string, zone: string) =>
    t('room.time.clockWithOffset', { time, zone: zoneLabel(zone), offset: formatOffset(zone, instant, language) });
  return {
    longDate: (instant, zone = localTimeZone()) => formatDate(instant, 'long', language, zone),
    timeText: (instant, viewerZone = localTimeZone(), otherZone) => {
      if (!otherZone || otherZone === viewerZone || sameClock(instant, viewerZone, otherZone)) {
        return t('room.time.clock', { time: clock(instant, viewerZone), zone: zoneLabel(viewerZone) });
      }
      // The other party's weekday is named when their date is not the viewer's.
      const sameDate = localDateOf(instant, viewerZone) === localDateOf(instant, otherZone);
      const theirClock = sameDate ? clock(instant, otherZone) : formatDate(instant, 'weekdayTime', language, otherZone);
      return t('room.time.both', {
        mine: withOffset(clock(instant, viewerZone), instant, viewerZone),
        theirs: withOffset(theirClock, instant, otherZone),
      });
    },
    slotTime: (instant, zone = localTimeZone()) => clock(instant, zone),
    money: (cents) => formatMoney(cents, language),
  };
}

export function useRoomTime(): RoomTime {
  const t = useT();
  const f = useFormats();
  return roomTimeIn(f.language, t, f.zoneLabel);
}
