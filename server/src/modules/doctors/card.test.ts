import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicDoctorSchema, type PublicDoctor } from '@common/schemas/doctors';
import { createDoctor, type NewDoctor } from '../../db/factories';
import { createTestApp, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The card is JSON built by PostgreSQL (search-query.ts). These say what it must be: every field of
// the reply schema, no other, text escaped as JSON.stringify escapes it, and numbers as JS prints them.
const AWKWARD = 'Says "hello"\\ back\nthen\ttabs \u0001 and \u007f, ünïcödé 医生 🩺 \u2028 </script>';

const newCountry = () => `Cardland ${randomUUID().slice(0, 8)}`;

/** The card every field of the rows says, in the reply schema's key order. */
function expectedCard(
  doctor: typeof import('../../db/schema').doctors.$inferSelect,
  user: { firstName: string; lastName: string; profileImageUrl: string | null },
): PublicDoctor {
  return {
    id: doctor.id,
    userId: doctor.userId,
    user: { firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl },
    specialty: doctor.specialty,
    secondarySpecialties: doctor.secondarySpecialties,
    location: doctor.location,
    country: doctor.country,
    timeZone: doctor.timeZone,
    consultationFee: doctor.consultationFee,
    videoCallFee: doctor.videoCallFee,
    phoneCallFee: doctor.phoneCallFee,
    inPersonFee: doctor.inPersonFee,
    averageRating: doctor.averageRating,
    reviewCount: doctor.reviewCount,
    isVerified: doctor.isVerified,
    isActive: doctor.isActive,
    languages: doctor.languages,
    experience: doctor.experience,
    about: doctor.about,
    education: doctor.education,
    medicalSchool: doctor.medicalSchool,
    licenseNumber: doctor.licenseNumber,
    residency: doctor.residency,
    website: doctor.website,
    officeAddress: doctor.officeAddress,
    profileImageUrl: doctor.profileImageUrl ?? user.profileImageUrl,
    fellowships: doctor.fellowships,
    certifications: doctor.certifications,
    researchInterests: doctor.researchInterests,
    insuranceAccepted: doctor.insuranceAccepted,
    paymentOptions: doctor.paymentOptions,
    profileCompleteness: doctor.profileCompleteness,
  };
}

const listed = (doctor: Partial<NewDoctor>) => ({ isVerified: true, isActive: true, ...doctor });

describe('a doctor card', () => {
  it('is every field of the reply schema, text and numbers exactly as JSON.stringify writes them', async () => {
    const country = newCountry();
    const full = await createDoctor(t.db, {
      user: { firstName: `Ada ${AWKWARD}`, lastName: 'O\'Neil "Quote"', profileImageUrl: '/api/photos/user.png' },
      doctor: listed({
        country,
        consultationFee: 12_345,
        videoCallFee: 11_000,
        phoneCallFee: null,
        inPersonFee: 20_000,
        averageRating: 13 / 3,
        reviewCount: 3,
        about: AWKWARD,
        website: null,
        secondarySpecialties: ['Neurology', AWKWARD],
        languages: [],
        researchInterests: ['a,b', '{braces}', 'NULL', ''],
        profileImageUrl: null,
      }),
    });
    const bare = await createDoctor(t.db, {
      user: { profileImageUrl: null },
      doctor: listed({
        country,
        consultationFee: 9_000,
        averageRating: null,
        experience: null,
        about: null,
        education: null,
        medicalSchool: null,
        licenseNumber: null,
        residency: null,
        officeAddress: null,
        profileImageUrl: '/api/photos/doctor.png',
      }),
    });

    const res = await t.app.inject({
      url: `/api/doctors/search?country=${encodeURIComponent(country)}&sort=price_desc`,
    });
    expect(res.statusCode).toBe(200);
    const cards = res.json() as PublicDoctor[];
    expect(cards.map((c) => c.id)).toEqual([full.doctor.id, bare.doctor.id]);
    for (const card of cards) {
      expect(publicDoctorSchema.parse(card)).toEqual(card);
      expect(card.nextAvailableAt === null || !Number.isNaN(Date.parse(card.nextAvailableAt!))).toBe(true);
    }
    const expected = [
      { ...expectedCard(full.doctor, full.user), nextAvailableAt: cards[0].nextAvailableAt },
      { ...expectedCard(bare.doctor, bare.user), nextAvailableAt: cards[1].nextAvailableAt },
    ];
    // Byte for byte what serialising the cards in the app gave: the same escapes, key order and digits.
    expect(res.body).toBe(JSON.stringify(expected));
    expect(cards[0].averageRating).toBe(13 / 3);
    expect(cards[0].profileImageUrl).toBe('/api/photos/user.png');
    expect(cards[1].profileImageUrl).toBe('/api/photos/doctor.png');
  });

  it('is the same on the profile page, without the next free slot', async () => {
    const { doctor, user } = await createDoctor(t.db, {
      doctor: listed({ country: newCountry(), about: AWKWARD, averageRating: 4.7, reviewCount: 12 }),
    });
    const res = await t.app.inject({ url: `/api/doctors/${doctor.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expectedCard(doctor, user));
    expect(res.json()).not.toHaveProperty('nextAvailableAt');
  });

  it("is nobody's when the doctor is not listed: 404 on the profile page, absent from search", async () => {
    const country = newCountry();
    const { doctor } = await createDoctor(t.db, { doctor: { country, isVerified: true, isActive: false } });
    expect((await t.app.inject({ url: `/api/doctors/${doctor.id}` })).statusCode).toBe(404);
    const res = await t.app.inject({ url: `/api/doctors/search?country=${encodeURIComponent(country)}` });
    expect(res.json()).toEqual([]);
  });
});
