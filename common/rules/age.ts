/**
 * Completed years between a date of birth and a calendar day, both YYYY-MM-DD: the age a person is
 * on that day (someone born on 29 February turns a year older on 1 March in common years).
 */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}
