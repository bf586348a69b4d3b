import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createAppointment, createDoctor, createPayment, createUser } from '../../db/factories';
import { appointments, earnings } from '../../db/schema';
import { SimulatedProvider } from '../../payments/simulated';
import { createTestDatabase } from '../../test-support/test-database';
import { DomainEventBus, inUnit, type UnitServices } from '../events/bus';
import { earningSubscribers } from './subscribers';

/*
 * When a completed visit makes the doctor's share available (earnings/subscribers.ts): only the
 * room's word that both were there releases it at once. A call too short to count, and whatever the
 * doctor marks by hand, leave it pending (an administrator, or the dispute window, decides).
 */

let database: Database;
let services: UnitServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = {
    db: database.db,
    payments: new SimulatedProvider(database.db),
    log: pino({ level: 'silent' }),
    rooms: null,
    events: new DomainEventBus(earningSubscribers),
  };
});
afterAll(() => database.close());

const NOW = new Date('2031-03-10T15:00:00Z');

/** A confirmed, paid visit with the doctor's pending share recorded, as a card payment leaves it. */
async function paidVisit() {
  const { doctor } = await createDoctor(database.db, { doctor: { isVerified: true, isActive: true } });
  const patient = await createUser(database.db);
  const appointment = await createAppointment(database.db, {
    patientId: patient.id,
    doctorId: doctor.id,
    startsAt: new Date(NOW.getTime() - 3_600_000),
    status: 'confirmed',
    fee: 15000,
  });
  const payment = await createPayment(database.db, {
    appointmentId: appointment.id,
    patientId: patient.id,
    purpose: 'appointment',
    amount: 15000,
    status: 'succeeded',
  });
  await inUnit(services, NOW, (unit) => unit.emit('payment.succeeded', { payment, appointment }));
  return appointment;
}

const shareOf = async (appointmentId: string) =>
  (await database.db.select().from(earnings).where(eq(earnings.appointmentId, appointmentId)))[0];

async function complete(appointment: typeof appointments.$inferSelect, by: 'doctor' | 'room', attended: boolean) {
  await inUnit(services, NOW, (unit) => unit.emit('appointment.completed', { appointment, by, attended }));
  return (await shareOf(appointment.id)).status;
}

describe('a completed visit and the doctor’s share', () => {
  it('is pending once paid, and available when the room saw both there', async () => {
    const visit = await paidVisit();
    expect(await shareOf(visit.id)).toMatchObject({ status: 'pending', grossAmount: 15000 });
    expect(await complete(visit, 'room', true)).toBe('available');
  });

  it('stays pending when the room ended a call too short to count', async () => {
    expect(await complete(await paidVisit(), 'room', false)).toBe('pending');
  });

  it('stays pending when the doctor marks the visit done by hand (held for the patient’s dispute window)', async () => {
    expect(await complete(await paidVisit(), 'doctor', true)).toBe('pending');
  });
});
