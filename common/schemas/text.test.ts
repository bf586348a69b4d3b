import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters, safeString, text } from './text';

describe('text rule', () => {
  const name = text('Name', { max: 10, min: 1 });
  const notes = text('Notes', { max: 50, multiline: true });

  it('refuses NUL and control characters in single-line text', () => {
    for (const bad of ['a\u0000b', 'a\rb', 'a\nb', 'a\tb', 'a\u001bb', 'a\u007fb', 'a\u2028b']) {
      const result = name.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Name contains characters that are not allowed');
    }
  });

  it('keeps newlines and tabs in multi-line text, reads CRLF as a newline and refuses a lone CR', () => {
    expect(notes.parse(' line one\r\nline\ttwo ')).toBe('line one\nline\ttwo');
    expect(notes.safeParse('one\rtwo').success).toBe(false);
    expect(notes.safeParse('one\u0000two').success).toBe(false);
  });

  it('trims, then applies the length limits with the label in the message', () => {
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Name is too long');
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Name is required');
  });

  it('checks untrimmed identifiers too', () => {
    const id = safeString('Payment id', 20);
    expect(id.parse('pi_123')).toBe('pi_123');
    expect(id.safeParse('pi_\u0000').success).toBe(false);
    expect(hasForbiddenCharacters('plain text é 漢')).toBe(false);
  });
});
