import { describe, expect, it } from 'vitest';
import { runStart } from '../../test-support/money-world';

const DAY = 86_400_000;

describe("the money property's clock", () => {
  it('starts at the same point of the week whatever the real date, one to two weeks behind it', () => {
    const minutes = 9 * 60 + 30;
    for (let now = Date.parse('2026-12-04T09:55:00Z'), i = 0; i < 30; i++, now += DAY / 3 + 17 * 60_000) {
      const start = runStart(minutes, now);
      expect(start.getUTCDay()).toBe(1);
      expect(start.toISOString().slice(11, 16)).toBe('09:30');
      expect(now - start.getTime()).toBeGreaterThanOrEqual(7 * DAY - minutes * 60_000);
      expect(now - start.getTime()).toBeLessThan(14 * DAY);
    }
  });
});
