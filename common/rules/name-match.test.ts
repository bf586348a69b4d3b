import { describe, expect, it } from 'vitest';
import { foldName, nameMatches, nameQueryWords } from './name-match';

const matches = (name: string, typed: string) => nameMatches(foldName(name), nameQueryWords(typed));

describe('a typed name against a doctor’s', () => {
  it('finds a surname, a first name, both in either order, and the start of a word', () => {
    expect(matches('Chinedu Okafor', 'Okafor')).toBe(true);
    expect(matches('Chinedu Okafor', 'okafor chinedu')).toBe(true);
    expect(matches('Chinedu Okafor', 'oka')).toBe(true);
    expect(matches('Chinedu Okafor', 'kafor')).toBe(false);
    expect(matches('Chinedu Okafor', 'Okafor Smith')).toBe(false);
  });

  it('ignores accents and a title in Latin script', () => {
    expect(matches('María Gómez', 'dra. maria gomez')).toBe(true);
    expect(matches('Maria Gomez', 'Dr. Gómez')).toBe(true);
    expect(matches('Zoë Müller-Schmidt', 'schmidt zoe')).toBe(true);
  });

  it('reads Arabic letter variants and vowel marks as one, with or without the title', () => {
    expect(matches('أحمد الخطيب', 'احمد')).toBe(true);
    expect(matches('فاطمة الزهراء', 'د. فاطمه')).toBe(true);
    expect(matches('مُحَمَّد', 'محمد')).toBe(true);
    expect(matches('أحمد الخطيب', 'الخطيب')).toBe(true);
    expect(matches('أحمد الخطيب', 'محمود')).toBe(false);
  });

  it('matches nothing for text with no name in it', () => {
    expect(matches('Chinedu Okafor', 'Dr.')).toBe(false);
    expect(matches('Chinedu Okafor', '  ')).toBe(false);
  });
});
