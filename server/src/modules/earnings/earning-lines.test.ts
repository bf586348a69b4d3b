import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_FEE_PERCENT } from '@common/constants/platform';
import { createAppointment, createDoctor, createPayment, createUser } from '../../db/factories';
import { appointments, familyMembers } from '../../db/schema';
import { cookieFor, createTestApp, type TestContext } from '../../test-support/test-app';
import { recordPendingEarning } from './transitions';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function paidVisit(doctorId: string, patientId: string, startsAt: Date, familyMemberId?: string) {
  const appt = await createAppointment(t.db, { patientId, doctorId, fee: 10000, status: 'confirmed', startsAt });
  if (familyMemberId) {
    await t.db.update(appointments).set({ familyMemberId }).where(eq(appointments.id, appt.id));
  }
  const payment = await createPayment(t.db, {
    appointmentId: appt.id,
    patientId,
    purpose: 'appointment',
    amount: 10000,
    status: 'succeeded',
  });
  await recordPendingEarning(t.db, {
    doctorId,
    appointmentId: appt.id,
    paymentId: payment.id,
    gross: 10000,
    feePercent: PLATFORM_FEE_PERCENT,
  });
  return appt.id;
}

describe('earning lines', () => {
  it('each line names the visit: who was seen and when', async () => {
    const d = await createDoctor(t.db);
    const patient = await createUser(t.db, { firstName: 'Lina', lastName: 'Haddad' });
    const [child] = await t.db
      .insert(familyMembers)
      .values({
        holderId: patient.id,
        firstName: 'Sami',
        lastName: 'Haddad',
        dateOfBirth: '2018-04-02',
        relationship: 'child',
      })
      .returning();
    const first = new Date('2030-02-01T09:00:00Z');
    const second = new Date('2030-02-02T09:00:00Z');
    const own = await paidVisit(d.doctor.id, patient.id, first);
    const forChild = await paidVisit(d.doctor.id, patient.id, second, child.id);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/doctor/earnings',
      headers: { cookie: await cookieFor(t.db, d.user) },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.json() as { appointmentId: string; visit: unknown }[];
    expect(lines.find((l) => l.appointmentId === own)?.visit).toEqual({
      patientName: 'Lina Haddad',
      startsAt: first.toISOString(),
    });
    expect(lines.find((l) => l.appointmentId === forChild)?.visit).toEqual({
      patientName: 'Sami Haddad',
      startsAt: second.toISOString(),
    });

    // Another doctor sees none of these lines.
    const other = await createDoctor(t.db);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/doctor/earnings',
      headers: { cookie: await cookieFor(t.db, other.user) },
    });
    expect(theirs.json()).toEqual([]);
  });
});
