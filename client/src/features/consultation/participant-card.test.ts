import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatMoney, zoneLabelIn } from '@common/i18n/format';
import type { ClientMessageKey } from '@common/i18n/keys';
import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import type { Consultation } from '@common/schemas/consultations';
import type { Translate } from '../../lib/i18n/use-t';
import { participantRows } from './participant-card';
import { whenIn } from '@common/i18n/when';

const appointment = (startsAt: string): Consultation['appointment'] => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'confirmed',
  consultationType: 'video',
  reasonForVisit: 'Follow-up',
  appointmentDate: startsAt.slice(0, 10),
  appointmentTime: 'unused',
  startsAt,
  timeZone: 'America/New_York',
  fee: 12050,
  paymentStatus: 'succeeded',
});

const catalogues = {
  en: import.meta.glob('../../../../common/i18n/en/**/*.json', { eager: true, import: 'default' }),
  es: import.meta.glob('../../../../common/i18n/es/**/*.json', { eager: true, import: 'default' }),
  ar: import.meta.glob('../../../../common/i18n/ar/**/*.json', { eager: true, import: 'default' }),
};

/** The room's rows as a reader of the language sees them (zone places from their zones catalogue). */
function rowsIn(language: Language, startsAt: string, viewerZone: string) {
  const messages = Object.assign({}, ...Object.values(catalogues[language])) as Record<string, string>;
  const intl = createIntl({ locale: INTL_LOCALE[language], messages });
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const city = (zone: string) => messages[`zones.city.${zone}`];
  const time = whenIn({ language, say: t, zoneLabel: (zone) => zoneLabelIn(zone, language, city) });
  const rows = participantRows(appointment(startsAt), viewerZone, time, (cents) => formatMoney(cents, language), t);
  return (key: ClientMessageKey) => rows.find(([k]) => k === key)?.[1];
}

describe("the room's information card shows the viewer's own clock", () => {
  it('a patient in London sees 9:14 PM, with the doctor in New York named (US clocks already changed)', () => {
    const row = rowsIn('en', '2026-03-08T21:14:00Z', 'Europe/London');
    expect(row('room.info.date')).toBe('Sunday, March 8, 2026');
    expect(row('room.info.time')).toBe('9:14 PM London time (UTC+0) \u00b7 5:14 PM New York time (UTC\u22124)');
    expect(row('room.info.type')).toBe('Video Call');
    expect(row('room.info.fee')).toBe('$120.50');
  });

  it('a patient in Kolkata sees the next day', () => {
    const row = rowsIn('en', '2026-11-01T21:14:00Z', 'Asia/Kolkata');
    expect(row('room.info.date')).toBe('Monday, November 2, 2026');
    expect(row('room.info.time')).toBe('2:44 AM India time (UTC+5:30) \u00b7 Sun 4:14 PM New York time (UTC\u22125)');
  });

  it('the doctor in New York sees one time', () => {
    const row = rowsIn('en', '2026-03-29T20:14:00Z', 'America/New_York');
    expect(row('room.info.time')).toBe('4:14 PM New York time');
  });
});

describe('the same card in Spanish and Arabic', () => {
  it('Spanish: its own date words, a 24-hour clock, zones named by place, the fee with a decimal comma', () => {
    const row = rowsIn('es', '2026-11-01T21:14:00Z', 'Asia/Kolkata');
    expect(row('room.info.date')).toBe('lunes, 2 de noviembre de 2026');
    expect(row('room.info.time')).toMatch(/^2:44 hora de .+ \(UTC\+5:30\) · dom, 16:14 hora de Nueva York \(UTC−5\)$/);
    expect(row('room.info.type')).toBe('Videollamada');
    expect(row('room.info.fee')).toMatch(/^120,50\s?US\$$/);
  });

  it('Arabic: Arabic words with Western digits, one time when the clocks agree', () => {
    const row = rowsIn('ar', '2026-03-29T20:14:00Z', 'America/New_York');
    expect(row('room.info.date')).toContain('2026');
    expect(row('room.info.date')).toContain('مارس');
    expect(row('room.info.time')).toMatch(/^4:14 م توقيت نيويورك$/);
    expect(row('room.info.type')).toBe('مكالمة فيديو');
    expect(row('room.info.fee')).toContain('120.50');
  });
});
