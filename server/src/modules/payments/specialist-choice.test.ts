import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogSpecialtyName } from '@common/constants/specialties';
import { doctorSchedules, doctorTimeOff } from '../../db/schema';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { matchSpecialist } from './matching';

/*
 * Which doctor a paid specialty consultation goes to (payments/matching.ts): the best rated by the
 * directory's rating rule among the specialty's ten best, the earliest free slot between equals,
 * nobody without a free slot in the next 14 days. Each test has a specialty of its own. The
 * doctors are free every day 09:00–18:00 in New York unless a test narrows their hours; the
 * payment is made at 08:00 New York time (EDT in July), so the first slot an hour later is 09:00.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newYork = (date: string, time: string) => new Date(`${date}T${time}:00-04:00`);
const PAID_AT = newYork('2030-07-01', '08:00');

type Doctor = { rating: number; reviews: number; from?: string; noHours?: boolean };

async function specialists(specialty: CatalogSpecialtyName, list: Doctor[]): Promise<string[]> {
  const ids: string[] = [];
  for (const { rating, reviews, from, noHours } of list) {
    const { doctor } = await bookableDoctor(t.db, {
      doctor: { specialty, averageRating: rating, reviewCount: reviews, availableFrom: from ?? null },
    });
    if (noHours) {
      const none = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
      await t.db.update(doctorSchedules).set({ weekly: none }).where(eq(doctorSchedules.doctorId, doctor.id));
    }
    ids.push(doctor.id);
  }
  return ids;
}

const match = async (specialty: CatalogSpecialtyName) =>
  matchSpecialist(t.db, specialty, (await signedInUser(t.db)).user.id, PAID_AT);

describe('the doctor a paid specialty consultation goes to', () => {
  it('is the best rated by the rating rule: a hundred 4.9s beat one 5.0, and both beat 4.0', async () => {
    const [, many] = await specialists('Nephrology', [
      { rating: 5, reviews: 1 },
      { rating: 4.9, reviews: 100 },
      { rating: 4, reviews: 50 },
    ]);
    expect(await match('Nephrology')).toMatchObject({ doctorId: many, startsAt: newYork('2030-07-01', '09:00') });
  });

  it('between equally rated doctors, is the one free soonest, in whatever order they are read', async () => {
    // The database returns the candidates in no promised order: made in both orders, the first
    // read or the last read is the later one in one of the two specialties.
    const [, soon] = await specialists('Rheumatology', [
      { rating: 4.5, reviews: 20, from: '14:00' },
      { rating: 4.5, reviews: 20, from: '10:00' },
    ]);
    expect(await match('Rheumatology')).toMatchObject({ doctorId: soon, startsAt: newYork('2030-07-01', '10:00') });
    const [first] = await specialists('Endocrinology', [
      { rating: 4.5, reviews: 20, from: '10:00' },
      { rating: 4.5, reviews: 20, from: '14:00' },
    ]);
    expect(await match('Endocrinology')).toMatchObject({ doctorId: first, startsAt: newYork('2030-07-01', '10:00') });
  });

  it('passes over a better rated doctor who has no free slot', async () => {
    const [, free] = await specialists('Geriatrics', [
      { rating: 5, reviews: 80, noHours: true },
      { rating: 4.2, reviews: 10 },
    ]);
    expect(await match('Geriatrics')).toMatchObject({ doctorId: free });
  });

  it('is one of the ten best rated: when none of them is free, nobody is matched', async () => {
    const best = Array.from({ length: 10 }, (): Doctor => ({ rating: 4.8, reviews: 40, noHours: true }));
    await specialists('Sports Medicine', [...best, { rating: 3.5, reviews: 5 }]);
    expect(await match('Sports Medicine')).toBeNull();
  });

  it('is free within 14 days: after three weeks off nobody is matched; after ten days off, the day after', async () => {
    const [away, back] = await specialists('Allergy & Immunology', [
      { rating: 4.9, reviews: 30 },
      { rating: 4.1, reviews: 30 },
    ]);
    const off = (doctorId: string, days: number) =>
      t.db.insert(doctorTimeOff).values({
        doctorId,
        startsAt: newYork('2030-06-30', '00:00'),
        endsAt: new Date(newYork('2030-07-01', '00:00').getTime() + days * 86_400_000),
      });
    await off(away, 21);
    await off(back, 10);
    expect(await match('Allergy & Immunology')).toMatchObject({
      doctorId: back,
      startsAt: newYork('2030-07-11', '09:00'),
    });
    await off(back, 21);
    expect(await match('Allergy & Immunology')).toBeNull();
  });
});
