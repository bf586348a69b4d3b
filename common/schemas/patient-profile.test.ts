import { describe, expect, it } from 'vitest';
import { dateOfBirthProblem } from './patient-profile';

describe('dateOfBirthProblem', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it.each([
    ['2013-06-15', null],
    ['2013-06-16', 'You must be at least 13 years old to create a profile'],
    ['1900-01-01', null],
    ['1899-12-31', 'Date of birth cannot be before 1900'],
    ['2026-06-16', 'Date of birth cannot be in the future'],
    ['2026-02-30', 'Date of birth must be a date like 1990-04-21'],
    ['15/06/1990', 'Date of birth must be a date like 1990-04-21'],
  ])('%s → %s', (value, problem) => expect(dateOfBirthProblem(value, now)).toBe(problem));
});
