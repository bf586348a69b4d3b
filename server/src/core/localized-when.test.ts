import { describe, expect, it } from 'vitest';
import { localizedWhen, whenFor } from './localized-when';

// Thursday 26 November 2026, 14:00 UTC: 15:00 in Madrid, 09:00 in New York.
const at = new Date('2026-11-26T14:00:00Z');

describe('the server says a visit time with the screens’ module and words', () => {
  it('English as the spec writes it', () => {
    expect(localizedWhen('en', at, 'Europe/Madrid', 'America/New_York')).toBe(
      'Thursday, November 26, 2026 at 3:00 PM Madrid time (UTC+1) \u00b7 9:00 AM New York time (UTC\u22125)',
    );
  });

  it('Spanish and Arabic from the shared `when` words, the zones named from the server’s catalogue', () => {
    expect(localizedWhen('es', at, 'Europe/Madrid', 'America/New_York')).toBe(
      'jueves, 26 de noviembre de 2026 a las 15:00 hora de Madrid (UTC+1) · 9:00 hora de Nueva York (UTC−5)',
    );
    expect(localizedWhen('ar', at, 'Europe/Madrid')).toMatch(/^الخميس، 26 نوفمبر 2026 في الساعة 3:00 م توقيت مدريد$/);
    expect(whenFor('es').moment(at, 'Europe/Madrid')).toBe('jue, 26 nov 2026, 15:00 (hora de Madrid)');
  });

  it('a stored other zone Intl does not know is left out, not thrown on', () => {
    expect(localizedWhen('es', at, 'Europe/Madrid', 'Mars/Olympus')).toBe(
      'jueves, 26 de noviembre de 2026 a las 15:00 hora de Madrid',
    );
  });
});
