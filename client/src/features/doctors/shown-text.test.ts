import { expect, it } from 'vitest';
import { shownText } from './find-doctors-page';

it('says "Showing 12 doctors" only when no more are left to load', () => {
  expect(shownText(12, true)).toBe('Showing the first 12 doctors; more below');
  expect(shownText(12, false)).toBe('Showing 12 doctors');
  expect(shownText(1, false)).toBe('Showing 1 doctor');
});
