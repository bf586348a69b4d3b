import { describe, expect, it } from 'vitest';
import { formatElapsed } from './use-elapsed';

describe('formatElapsed', () => {
  it('shows mm:ss and keeps counting minutes past an hour', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(65.9)).toBe('01:05');
    expect(formatElapsed(3725)).toBe('62:05');
    expect(formatElapsed(-3)).toBe('00:00');
  });
});
