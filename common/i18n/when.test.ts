import { describe, expect, it } from 'vitest';
import { weekdayName } from './when';
import { whenForTests as whenFor } from './when-for-tests';

// Thursday 26 November 2026, 14:00 UTC: 15:00 in Berlin, 09:00 in New York.
const at = '2026-11-26T14:00:00Z';
const morning = new Date('2026-11-26T08:00:00Z');
const eveBefore = new Date('2026-11-25T20:00:00Z');
// Sunday 29 March 2026, 13:00 UTC: Europe moved to summer time that night, New York three weeks earlier.
const dst = '2026-03-29T13:00:00Z';
// 21:14 UTC on Sunday 1 November 2026 is already Monday in Kolkata.
const late = '2026-11-01T21:14:00Z';

describe("English: the spec's forms", () => {
  const en = whenFor('en');
  it('a visit time, today and tomorrow, two zones', () => {
    expect(en.when(at, 'Europe/Berlin', 'America/New_York', morning)).toBe(
      'Today, Thursday, November 26, 2026 at 3:00 PM Berlin time (UTC+1) \u00b7 9:00 AM New York time (UTC\u22125)',
    );
    expect(en.when(at, 'Europe/Berlin')).toBe('Thursday, November 26, 2026 at 3:00 PM Berlin time');
    expect(en.time(at, 'Europe/Berlin', 'America/New_York')).toBe(
      '3:00 PM Berlin time (UTC+1) \u00b7 9:00 AM New York time (UTC\u22125)',
    );
    expect(en.time(late, 'Asia/Kolkata', 'America/New_York')).toBe(
      '2:44 AM India time (UTC+5:30) \u00b7 Sun 4:14 PM New York time (UTC\u22125)',
    );
    expect(en.shortDate(at, 'Europe/Berlin', morning)).toBe('Today, Thu, Nov 26');
    expect(en.shortDate(at, 'Europe/Berlin', eveBefore)).toBe('Tomorrow, Thu, Nov 26');
    expect(en.shortDate(at, 'Europe/Berlin')).toBe('Thu, Nov 26');
    expect(en.near(at, morning, 'Europe/Berlin')).toBe('Today');
    expect(en.soon(dst, 'Europe/London', 'America/New_York', new Date('2026-03-20T12:00:00Z'))).toBe(
      'Sun, Mar 29 at 2:00 PM London time (UTC+1) \u00b7 9:00 AM New York time (UTC\u22124)',
    );
  });

  it('a record’s moment and day, clocks and zones', () => {
    expect(en.moment(at, 'Europe/Berlin')).toBe('Thu, Nov 26, 2026, 3:00 PM Berlin time');
    expect(en.compactDate(at, 'Europe/Berlin')).toBe('Nov 26, 2026');
    expect(en.dayDate(at, 'Europe/Berlin')).toBe('November 26, 2026');
    expect(en.longDate(at, 'Europe/Berlin')).toBe('Thursday, November 26, 2026');
    expect(en.clock(at, 'Europe/Berlin')).toBe('3:00 PM Berlin time');
    expect(en.slotTime(at, 'Europe/Berlin')).toBe('03:00 PM');
    expect(en.slotTime(dst, 'Europe/London')).toBe('02:00 PM');
    expect(en.doctorClock({ startsAt: at }, 'America/New_York')).toBe('09:00 AM');
    expect(en.zoneName('Europe/Berlin', at)).toBe('Berlin time (UTC+1)');
    expect(en.zoneName('UTC')).toBe('UTC');
  });
});

describe('Spanish', () => {
  const es = whenFor('es');
  it('a visit time: its date words, the 24-hour clock, both zones by their place, "Hoy" and "Mañana"', () => {
    expect(es.when(at, 'Europe/Berlin', 'America/New_York', morning)).toBe(
      'Hoy, jueves, 26 de noviembre de 2026 a las 15:00 hora de Berlín (UTC+1) · 9:00 hora de Nueva York (UTC−5)',
    );
    expect(es.when(at, 'Europe/Berlin')).toBe('jueves, 26 de noviembre de 2026 a las 15:00 hora de Berlín');
    expect(es.shortDate(at, 'Europe/Berlin', eveBefore)).toMatch(/^Mañana, jue/);
    expect(es.soon(dst, 'America/New_York', 'America/New_York', new Date('2026-03-28T15:00:00Z'))).toBe(
      'Mañana a las 9:00 hora de Nueva York',
    );
    expect(es.zoneName('Europe/Berlin', at)).toBe('hora de Berlín (UTC+1)');
    expect(es.zoneName('UTC')).toBe('UTC');
  });

  it('the other party on another date is named with their weekday, as English does', () => {
    expect(es.time(late, 'Asia/Kolkata', 'America/New_York')).toMatch(
      /^2:44 hora de .+ \(UTC\+5:30\) · dom, 16:14 hora de Nueva York \(UTC−5\)$/,
    );
  });

  it('the DST night: Madrid moved to UTC+2, New York was already on UTC−4', () => {
    expect(es.when(dst, 'Europe/Madrid', 'America/New_York')).toBe(
      'domingo, 29 de marzo de 2026 a las 15:00 hora de Madrid (UTC+2) · 9:00 hora de Nueva York (UTC\u22124)',
    );
    expect(es.zoneName('Europe/Madrid', '2026-03-29T00:30:00Z')).toBe('hora de Madrid (UTC+1)');
  });

  it('a record’s moment and day', () => {
    expect(es.moment(at, 'Europe/Berlin')).toBe('jue, 26 nov 2026, 15:00 (hora de Berlín)');
    expect(es.compactDate(at, 'Europe/Berlin')).toBe('26 nov 2026');
    expect(es.dayDate(at, 'Europe/Berlin')).toBe('26 de noviembre de 2026');
    expect(es.clock(at, 'Europe/Berlin')).toBe('15:00 hora de Berlín');
    expect(es.slotTime(at, 'Europe/Berlin')).toBe('15:00');
    expect(es.doctorClock({ startsAt: at }, 'America/New_York')).toBe('9:00');
  });
});

describe('Arabic, with Western digits (decision 058)', () => {
  const ar = whenFor('ar');
  it('a visit time, today, two zones, the offsets kept left to right', () => {
    const text = ar.when(at, 'Europe/Berlin', 'America/New_York', morning);
    expect(text.startsWith('اليوم، الخميس')).toBe(true);
    expect(text).toContain(' في الساعة ');
    expect(text).toContain('توقيت برلين');
    expect(text).toContain('\u2066UTC+1\u2069');
    expect(text).toContain('9:00');
    expect(text).not.toMatch(/[٠-٩]/);
    expect(ar.clock(at, 'Europe/Berlin')).toMatch(/^3:00\s?م توقيت برلين$/);
    expect(ar.shortDate(dst, 'Africa/Cairo', new Date('2026-03-29T08:00:00Z'))).toMatch(/^اليوم، /);
    expect(ar.shortDate(at, 'Europe/Berlin', eveBefore)).toMatch(/^غدًا، /);
  });

  it('the DST day, in Cairo and New York', () => {
    const text = ar.when(dst, 'Africa/Cairo', 'America/New_York');
    expect(text).toMatch(/^الأحد، 29 مارس 2026 في الساعة 3:00 م توقيت /);
    expect(text).toContain('9:00 ص توقيت ');
  });

  it('a record’s moment and day', () => {
    const moment = ar.moment(at, 'Europe/Berlin');
    expect(moment).toContain('2026');
    expect(moment).toContain('نوفمبر');
    expect(moment).toMatch(/\(توقيت برلين\)$/);
    expect(moment).not.toMatch(/[٠-٩]/);
    expect(ar.compactDate(at, 'Europe/Berlin')).toMatch(/^26 نوفمبر 2026$/);
  });
});

describe('the doctor’s week', () => {
  it('keeps Monday first and names the days in the reader’s language', () => {
    expect(weekdayName('mon', 'en')).toBe('Monday');
    expect(weekdayName('sun', 'en')).toBe('Sunday');
    expect(weekdayName('mon', 'es')).toBe('lunes');
    expect(weekdayName('fri', 'ar')).toBe('الجمعة');
    expect(whenFor('es').weekdayName('wed')).toBe('miércoles');
  });
});
