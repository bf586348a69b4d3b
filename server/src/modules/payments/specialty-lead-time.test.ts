import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { matchSpecialist } from './matching';

/*
 * A paid specialty consultation starts no sooner than an hour after the payment, so the matched
 * doctor can prepare (payments/matching.ts): a slot less than an hour away is passed over, one
 * exactly an hour away is taken. The doctor is free every day 09:00–18:00 in New York (EDT in July,
 * UTC-4), in half-hour slots, with no notice of their own.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newYork = (time: string) => new Date(`2030-07-01T${time}:00-04:00`);

describe('the first slot a paid specialty consultation is matched to', () => {
  it('is an hour after the payment at the soonest: at 08:30 the 09:00 slot is too close, 09:30 is taken', async () => {
    const { doctor } = await bookableDoctor(t.db, { doctor: { specialty: 'Pulmonology' } });
    const patient = await signedInUser(t.db);
    const match = await matchSpecialist(t.db, 'Pulmonology', patient.user.id, newYork('08:30'));
    expect(match).toEqual({
      doctorId: doctor.id,
      timeZone: 'America/New_York',
      startsAt: newYork('09:30'),
      minutes: 30,
    });
  });

  it('may be exactly an hour away: at 08:00 the 09:00 slot is taken', async () => {
    const { doctor } = await bookableDoctor(t.db, { doctor: { specialty: 'Urology' } });
    const patient = await signedInUser(t.db);
    const match = await matchSpecialist(t.db, 'Urology', patient.user.id, newYork('08:00'));
    expect(match).toMatchObject({ doctorId: doctor.id, startsAt: newYork('09:00') });
  });
});
