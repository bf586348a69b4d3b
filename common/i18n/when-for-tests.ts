import { createIntl } from '@formatjs/intl';
import { zoneLabelIn } from './format';
import { INTL_LOCALE, type Language } from './languages';
import { whenIn } from './when';
import enWhen from './en/screens/when.json' with { type: 'json' };
import esWhen from './es/screens/when.json' with { type: 'json' };
import arWhen from './ar/screens/when.json' with { type: 'json' };
import esZones from './es/zones.json' with { type: 'json' };
import arZones from './ar/zones.json' with { type: 'json' };

const CATALOGUE = { en: [enWhen, {}], es: [esWhen, esZones], ar: [arWhen, arZones] } as const;

/** For tests of common/: the `when` words as both readers of the catalogue give them (the client's `t`, the server's `translate`). */
export function whenForTests(language: Language) {
  const [words, zones] = CATALOGUE[language];
  const intl = createIntl({ locale: INTL_LOCALE[language], messages: { ...words, ...zones } });
  const city = (zone: string) => (zones as Record<string, string>)[`zones.city.${zone}`];
  return whenIn({
    language,
    say: (id, values) => intl.formatMessage({ id }, values),
    zoneLabel: (zone) => zoneLabelIn(zone, language, city),
  });
}
