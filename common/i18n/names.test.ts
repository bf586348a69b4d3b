import { describe, expect, it } from 'vitest';
import { countryName, placeName, spokenLanguageName } from './names';

describe('countries and spoken languages in the viewer language', () => {
  it('keeps English as stored, byte for byte', () => {
    expect(countryName('United States', 'en')).toBe('United States');
    expect(spokenLanguageName('Mandarin', 'en')).toBe('Mandarin');
    expect(placeName('Lagos', 'Nigeria', 'en')).toBe('Lagos, Nigeria');
  });

  it('names countries in Spanish and Arabic from CLDR, including names CLDR spells otherwise', () => {
    expect(countryName('United States', 'es')).toBe('Estados Unidos');
    expect(countryName('Egypt', 'ar')).toBe('مصر');
    expect(countryName('Turkey', 'es')).toBe('Turquía');
    expect(placeName('Cairo', 'Egypt', 'ar')).toBe('Cairo، مصر');
  });

  it('names spoken languages as a list item (capitalised in Spanish), and leaves unknown names as written', () => {
    expect(spokenLanguageName('Spanish', 'es')).toBe('Español');
    expect(spokenLanguageName('Arabic', 'ar')).toBe('العربية');
    expect(spokenLanguageName('Bengali', 'es')).toBe('Bengalí');
    expect(spokenLanguageName('Berber', 'es')).toBe('Berber');
    expect(countryName('Atlantis', 'ar')).toBe('Atlantis');
  });
});
