import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { whenText, timeText } from '../rules/display-time';
import { zoneLabelIn } from './format';
import type { Language } from './languages';
import { visitTimeIn } from './visit-time';
import enVisits from './en/screens/visits.json';
import esVisits from './es/screens/visits.json';
import arVisits from './ar/screens/visits.json';
import esZones from './es/zones.json';
import arZones from './ar/zones.json';

const CATALOGUE = { en: [enVisits, {}], es: [esVisits, esZones], ar: [arVisits, arZones] } as const;

/** The screens' words, read from the catalogue as the client's hook does. */
function timeIn(language: Language) {
  const [visits, zones] = CATALOGUE[language];
  const intl = createIntl({ locale: language, messages: { ...visits, ...zones } });
  const say = (id: string, values: Record<string, string>) => intl.formatMessage({ id }, values);
  const city = (zone: string) => (zones as Record<string, string>)[`zones.city.${zone}`];
  return visitTimeIn(language, {
    when: (date, time) => say('visits.when', { date, time }),
    today: (date) => say('visits.near.today', { date }),
    tomorrow: (date) => say('visits.near.tomorrow', { date }),
    zoneLabel: (zone) => zoneLabelIn(zone, language, city),
  });
}

// Thursday 26 November 2026, 14:00 UTC: 15:00 in Berlin, 09:00 in New York.
const at = '2026-11-26T14:00:00Z';
const morning = new Date('2026-11-26T08:00:00Z');

describe('appointment times in the reader’s language', () => {
  it('keeps English exactly as every screen, e-mail and document says it', () => {
    const en = timeIn('en');
    expect(en.when(at, 'Europe/Berlin', 'America/New_York', morning)).toBe(
      whenText(at, 'Europe/Berlin', 'America/New_York', morning),
    );
    expect(en.when(at, 'Europe/Berlin')).toBe(whenText(at, 'Europe/Berlin'));
    expect(en.time(at, 'Europe/Berlin', 'America/New_York')).toBe(timeText(at, 'Europe/Berlin', 'America/New_York'));
    expect(en.shortDate(at, 'Europe/Berlin', morning)).toBe('Today, Thu, Nov 26');
  });

  it('says it in Spanish: the date, the 24-hour clock, both zones by their place, "Hoy"', () => {
    const es = timeIn('es');
    expect(es.when(at, 'Europe/Berlin', 'America/New_York', morning)).toBe(
      'Hoy, jueves, 26 de noviembre de 2026 a las 15:00 hora de Berlín (UTC+1) · 9:00 hora de Nueva York (UTC−5)',
    );
    expect(es.when(at, 'Europe/Berlin')).toBe('jueves, 26 de noviembre de 2026 a las 15:00 hora de Berlín');
    expect(es.shortDate(at, 'Europe/Berlin', new Date('2026-11-25T20:00:00Z'))).toMatch(/^Mañana, jue/);
    expect(es.zoneName('Europe/Berlin', at)).toBe('hora de Berlín (UTC+1)');
  });

  it('says it in Arabic with Western digits, the offsets kept left to right', () => {
    const ar = timeIn('ar');
    const text = ar.when(at, 'Europe/Berlin', 'America/New_York', morning);
    expect(text.startsWith('اليوم، الخميس')).toBe(true);
    expect(text).toContain('توقيت برلين');
    expect(text).toContain('\u2066UTC+1\u2069');
    expect(text).toContain('9:00');
    expect(text).not.toMatch(/[٠-٩]/);
    expect(ar.clock(at, 'Europe/Berlin')).toMatch(/^3:00\s?م توقيت برلين$/);
  });
});
