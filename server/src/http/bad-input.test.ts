import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoctor } from '../db/factories';
import { bookableDoctor, localDate, pendingBooking } from '../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NUL = 'a\u0000b';
const encodedNul = encodeURIComponent(NUL);

function expectRefusal(res: { statusCode: number; json: () => unknown }, field?: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { message: string; fields?: Record<string, string> };
  expect(body.message).toBeTypeOf('string');
  if (field) expect(Object.keys(body.fields ?? {})).toContain(field);
}

const application = {
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada.applicant@example.com',
  phone: '+1 555 0100',
  specialty: 'Cardiology',
  licenseNumber: 'MD-1234',
  yearsOfExperience: '6-10 years',
  consultationFee: 150,
  aboutMe: 'Cardiologist with a decade of practice.',
  agreedToTerms: true,
};

describe('a NUL or control character in any text field is a 400, never a 500', () => {
  it('refuses it in sign-up names', async () => {
    for (const field of ['firstName', 'lastName']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: `nul-${field}@example.com`,
          password: 'long enough password',
          firstName: 'Ann',
          lastName: 'Lee',
          userType: 'patient',
          [field]: NUL,
        },
      });
      expectRefusal(res, field);
    }
  });

  it('refuses it in every search parameter', async () => {
    for (const param of ['specialty', 'location', 'country', 'q', 'minFee', 'maxFee', 'cursor']) {
      const res = await t.app.inject({ url: `/api/doctors/search?${param}=${encodedNul}` });
      expectRefusal(res, param);
    }
  });

  it('refuses it in the reason and notes of a booking', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const me = await signedInUser(t.db);
    for (const field of ['reasonForVisit', 'additionalNotes']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { cookie: me.cookie },
        payload: {
          doctorId: doctor.id,
          appointmentDate: localDate(5),
          appointmentTime: '10:00 AM',
          consultationType: 'video',
          reasonForVisit: 'Cough',
          [field]: NUL,
        },
      });
      expectRefusal(res, field);
    }
  });

  it('refuses a lone carriage return in a booking reason (calendar injection)', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const me = await signedInUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie: me.cookie },
      payload: {
        doctorId: doctor.id,
        appointmentDate: localDate(5),
        appointmentTime: '11:00 AM',
        consultationType: 'video',
        reasonForVisit: 'Cough\rBEGIN:VEVENT',
      },
    });
    expectRefusal(res, 'reasonForVisit');
  });

  it('refuses it in a review comment', async () => {
    const me = await signedInUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${crypto.randomUUID()}/review`,
      headers: { cookie: me.cookie },
      payload: { rating: 5, comment: NUL },
    });
    expectRefusal(res, 'comment');
  });

  it('refuses it in payment ids and card fields', async () => {
    const { patient } = await pendingBooking(t.app, t.db);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: { cookie: patient.cookie },
      payload: { paymentIntentId: NUL },
    });
    expectRefusal(confirm, 'paymentIntentId');
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm-card',
      headers: { cookie: patient.cookie },
      payload: { clientSecret: NUL, card: { number: NUL, expiry: '12/34', cvc: '123', postcode: '10001' } },
    });
    expectRefusal(card, 'clientSecret');
    const specialty = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-specialty-intent',
      headers: { cookie: patient.cookie },
      payload: { specialty: NUL, amount: 100 },
    });
    expectRefusal(specialty, 'specialty');
  });

  it('refuses it in every doctor-profile text and list field', async () => {
    const { user } = await createDoctor(t.db);
    const { cookieFor } = await import('../test-support/test-app');
    const cookie = await cookieFor(t.db, user);
    const fields: Record<string, unknown> = {
      location: NUL,
      country: NUL,
      timeZone: NUL,
      about: NUL,
      education: NUL,
      medicalSchool: NUL,
      residency: NUL,
      licenseNumber: NUL,
      officeAddress: NUL,
      website: `https://a${NUL}.example`,
      linkedinProfile: `https://a${NUL}.example`,
      languages: [NUL],
      certifications: [NUL],
      fellowships: [NUL],
      researchInterests: [NUL],
      insuranceAccepted: [NUL],
      paymentOptions: [NUL],
      availableFrom: NUL,
      consultationFee: NUL,
    };
    for (const [field, value] of Object.entries(fields)) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/doctors/profile',
        headers: { cookie },
        payload: { [field]: value },
      });
      expect(res.statusCode, field).toBe(400);
    }
  });

  it('refuses it in every application field', async () => {
    for (const field of ['firstName', 'lastName', 'licenseNumber', 'currentPractice', 'aboutMe', 'whyTelemedicine']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/doctor-applications',
        payload: { ...application, email: `app-${field}@example.com`, [field]: NUL },
      });
      expectRefusal(res, field);
    }
  });
});

describe('numbers beyond what the database holds are a 400', () => {
  it('refuses an application fee of 30,000,000 or 1e21', async () => {
    for (const consultationFee of [30_000_000, 1e21, '30000000']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/doctor-applications',
        payload: { ...application, email: `fee-${String(consultationFee)}@example.com`, consultationFee },
      });
      expectRefusal(res, 'consultationFee');
    }
  });

  it('refuses a search cursor holding a number beyond the integer range', async () => {
    const cursor = Buffer.from(
      JSON.stringify({ sort: 'reviews', reviews: 1e20, id: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const res = await t.app.inject({ url: `/api/doctors/search?sort=reviews&cursor=${cursor}` });
    expectRefusal(res, 'cursor');
    const fee = Buffer.from(
      JSON.stringify({ sort: 'price_asc', fee: 2 ** 40, id: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    expectRefusal(await t.app.inject({ url: `/api/doctors/search?sort=price_asc&cursor=${fee}` }), 'cursor');
  });

  it('refuses availability and bookings beyond the booking horizon', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const me = await signedInUser(t.db);
    const far = await t.app.inject({
      url: `/api/doctors/${doctor.id}/availability?date=9999-12-31`,
      headers: { cookie: me.cookie },
    });
    expectRefusal(far, 'date');
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie: me.cookie },
      payload: {
        doctorId: doctor.id,
        appointmentDate: '9999-12-31',
        appointmentTime: '10:00 AM',
        consultationType: 'video',
        reasonForVisit: 'Cough',
      },
    });
    expectRefusal(booking, 'appointmentDate');
  });
});

describe('a return path the Location header cannot carry', () => {
  it('redirects a signed-in user to an encoded path instead of failing', async () => {
    const me = await signedInUser(t.db);
    const res = await t.app.inject({
      url: `/api/login?returnTo=${encodeURIComponent('/漢')}`,
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/${encodeURIComponent('漢')}`);
  });
});
