import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctors } from '../../db/schema';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function verifiedDoctor() {
  const d = await bookableDoctor(t.db, { doctor: { specialty: 'Cardiology', licenseNumber: 'MD-1001' } });
  await t.db.update(doctors).set({ profileStatus: 'verified' }).where(eq(doctors.id, d.doctor.id));
  return d;
}

const save = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/doctors/profile', headers: { cookie }, payload });

describe('a verified doctor who changes credentials goes back to verification', () => {
  for (const [field, value] of [
    ['licenseNumber', 'MD-9999'],
    ['specialty', 'Dermatology'],
    ['medicalSchool', 'Diploma Mill University'],
    ['education', 'A weekend course'],
    ['experience', 45],
    ['certifications', ['Board Certified in Everything']],
    ['fellowships', ['Fellowship in Miracle Cures']],
    ['residency', 'Nowhere General Hospital'],
  ] as const) {
    it(`unlists the doctor until re-verified when the ${field} changes`, async () => {
      const { doctor, cookie } = await verifiedDoctor();
      const res = await save(cookie, { [field]: value });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profileStatus: 'pending_verification', isVerified: false });
      const visitor = await signedInUser(t.db);
      const publicView = await t.app.inject({ url: `/api/doctors/${doctor.id}`, headers: { cookie: visitor.cookie } });
      expect(publicView.statusCode).toBe(404);
      // Nothing anyone else can reach shows the unchecked claim.
      const search = await t.app.inject({ url: '/api/doctors', headers: { cookie: visitor.cookie } });
      expect(search.body).not.toContain(doctor.id);
    });
  }

  it('stays verified when other fields change or the credentials are sent unchanged', async () => {
    const { cookie } = await verifiedDoctor();
    const res = await save(cookie, {
      about: 'Now also seeing teenagers.',
      licenseNumber: 'MD-1001',
      specialty: 'Cardiology',
    });
    expect(res.json()).toMatchObject({ profileStatus: 'verified', isVerified: true });
  });
});
