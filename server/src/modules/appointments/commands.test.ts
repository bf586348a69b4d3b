// The appointment commands on their own, with no subscriber but a recorder: what each move writes,
// when it refuses, and the one event it emits. The journeys (booking, paying, the room, the doctor's
// outcome) test what the subscribers do with these events; this file is what notices a move that
// stops emitting, writes the wrong column or loses its time condition.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createAppointment, createDoctor, createPayment, createUser } from '../../db/factories';
import { appointmentProposals, appointments } from '../../db/schema';
import { SimulatedProvider } from '../../payments/simulated';
import { createTestDatabase } from '../../test-support/test-database';
import { DomainEventBus, inUnit, on, type UnitServices } from '../events/bus';
import type { DomainEvents, EventName } from '../events/catalog';
import {
  announceConfirmed,
  cancelAppointment,
  completeAppointment,
  confirmAppointment,
  expireOpenProposal,
  insertConfirmed,
  insertPending,
  markNoShow,
  releaseStaleHold,
} from './commands';

const RECORDED = [
  'appointment.confirmed',
  'appointment.cancelled',
  'appointment.completed',
  'appointment.no_show',
] as const satisfies readonly EventName[];
type Recorded = (typeof RECORDED)[number];

let database: Database;
let services: UnitServices;
let heard: { name: Recorded; event: DomainEvents[Recorded] }[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  services = {
    db: database.db,
    payments: new SimulatedProvider(database.db),
    log: pino({ level: 'silent' }),
    rooms: null,
    events: new DomainEventBus(
      RECORDED.map((name) => on(name, 'test: record', async (event) => void heard.push({ name, event }))),
    ),
  };
});
afterAll(() => database.close());

const MINUTE = 60_000;
const start = new Date('2031-03-10T15:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const run = <T>(now: Date, work: Parameters<typeof inUnit<T>>[2]) => {
  heard = [];
  return inUnit(services, now, work);
};
const statusOf = async (id: string) =>
  (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0];

async function parties() {
  const { doctor } = await createDoctor(database.db, { doctor: { isVerified: true, isActive: true } });
  const patient = await createUser(database.db);
  return { doctorId: doctor.id, patientId: patient.id };
}

const paid = (row: { id: string; patientId: string; fee: number }) =>
  createPayment(database.db, {
    appointmentId: row.id,
    patientId: row.patientId,
    purpose: 'appointment',
    amount: row.fee,
    status: 'succeeded',
  });

async function visit(status: 'pending' | 'confirmed', startsAt = start) {
  return createAppointment(database.db, { ...(await parties()), startsAt, status });
}

const newBooking = async () => ({
  ...(await parties()),
  startsAt: start,
  timeZone: 'America/New_York',
  consultationType: 'video' as const,
  durationMinutes: 45,
  reasonForVisit: 'Headache',
  fee: 15000,
});

describe('insertPending and insertConfirmed', () => {
  it('write the status their name says, and give way to a live booking of the same slot', async () => {
    const values = await newBooking();
    const pending = await insertPending(database.db, values);
    expect(pending).toMatchObject({ status: 'pending', durationMinutes: 45, startsAt: start });
    expect(await insertPending(database.db, values)).toBeUndefined();
    expect(await insertConfirmed(database.db, values)).toBeUndefined();

    const other = await newBooking();
    expect(await insertConfirmed(database.db, other)).toMatchObject({ status: 'confirmed', doctorId: other.doctorId });
  });
});

describe('confirmAppointment and announceConfirmed', () => {
  it('confirm a pending booking once, with its event; a second confirmation changes nothing and is silent', async () => {
    const row = await visit('pending');
    const payment = await paid(row);
    const confirmed = await run(at(-600), (unit) => confirmAppointment(unit, row.id, payment));
    expect(confirmed).toMatchObject({ id: row.id, status: 'confirmed', updatedAt: at(-600) });
    expect(heard.map((h) => [h.name, (h.event as DomainEvents['appointment.confirmed']).payment.id])).toEqual([
      ['appointment.confirmed', payment.id],
    ]);

    expect(await run(at(-500), (unit) => confirmAppointment(unit, row.id, payment))).toBeUndefined();
    expect(heard).toEqual([]);
    expect((await statusOf(row.id)).updatedAt).toEqual(at(-600));
  });

  it('announce a booking made confirmed', async () => {
    const row = await visit('confirmed');
    const payment = await paid(row);
    await run(at(-600), (unit) => announceConfirmed(unit, row, payment));
    expect(heard.map((h) => [h.name, h.event.appointment.id])).toEqual([['appointment.confirmed', row.id]]);
  });
});

describe('cancelAppointment', () => {
  it('cancels with the time, the reason and the status it found, and emits that', async () => {
    const row = await visit('confirmed');
    const cancelled = await run(at(-300), (unit) =>
      cancelAppointment(unit, { id: row.id, by: 'doctor', actor: null, reason: 'Called away', refund: 'full' }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: at(-300), cancellationReason: 'Called away' });
    expect(heard).toHaveLength(1);
    expect(heard[0].event).toMatchObject({
      previousStatus: 'confirmed',
      by: 'doctor',
      refund: 'full',
      reason: 'Called away',
    });
  });

  it('does nothing and says nothing when the party’s guard does not hold', async () => {
    const row = await visit('confirmed');
    const refused = await run(at(-300), (unit) =>
      cancelAppointment(unit, {
        id: row.id,
        by: 'patient',
        actor: null,
        refund: 'full',
        guard: eq(appointments.patientId, row.doctorId),
      }),
    );
    expect(refused).toBeUndefined();
    expect(heard).toEqual([]);
    expect(await statusOf(row.id)).toMatchObject({ status: 'confirmed', cancelledAt: null });
  });
});

describe('releaseStaleHold', () => {
  it('cancels only a lapsed unpaid hold on that slot, stamped with the time, by the system', async () => {
    const row = await visit('pending');
    // Just booked: still held.
    await run(new Date(row.createdAt.getTime() + MINUTE), (unit) => releaseStaleHold(unit, row.doctorId, start));
    expect(heard).toEqual([]);
    expect((await statusOf(row.id)).status).toBe('pending');

    const later = new Date(row.createdAt.getTime() + 31 * MINUTE);
    await run(later, (unit) => releaseStaleHold(unit, row.doctorId, start));
    expect(await statusOf(row.id)).toMatchObject({ status: 'cancelled', cancelledAt: later });
    expect(heard.map((h) => [h.name, h.event])).toEqual([
      [
        'appointment.cancelled',
        expect.objectContaining({ previousStatus: 'pending', by: 'system', refund: 'none', reason: null }),
      ],
    ]);
  });
});

describe('completeAppointment', () => {
  it('refuses a doctor marking a visit done before its start, and allows it from the start', async () => {
    const row = await visit('confirmed');
    expect(
      await run(at(-1), (unit) => completeAppointment(unit, row.id, { by: 'doctor', attended: false })),
    ).toBeUndefined();
    expect(heard).toEqual([]);
    expect((await statusOf(row.id)).status).toBe('confirmed');

    const done = await run(at(0), (unit) => completeAppointment(unit, row.id, { by: 'doctor', attended: false }));
    expect(done).toMatchObject({ status: 'completed', updatedAt: at(0) });
    expect(heard.map((h) => [h.name, h.event])).toEqual([
      ['appointment.completed', expect.objectContaining({ by: 'doctor', attended: false })],
    ]);
  });

  it('lets the room complete a visit that both joined early and ended before the booked start', async () => {
    const row = await visit('confirmed');
    const done = await run(at(-2), (unit) => completeAppointment(unit, row.id, { by: 'room', attended: true }));
    expect(done?.status).toBe('completed');
    expect(heard.map((h) => [h.name, h.event])).toEqual([
      ['appointment.completed', expect.objectContaining({ by: 'room', attended: true })],
    ]);
  });
});

describe('markNoShow', () => {
  it('refuses before the start, and records a no-show from then on with its event', async () => {
    const row = await visit('confirmed');
    expect(await run(at(-1), (unit) => markNoShow(unit, row.id, null))).toBeUndefined();
    expect(heard).toEqual([]);

    const marked = await run(at(15), (unit) => markNoShow(unit, row.id, null));
    expect(marked).toMatchObject({ status: 'no-show', updatedAt: at(15) });
    expect(heard.map((h) => [h.name, h.event.appointment.id])).toEqual([['appointment.no_show', row.id]]);
  });
});

describe('expireOpenProposal', () => {
  it('expires the open proposal of that appointment only, stamped with the time', async () => {
    const row = await visit('confirmed');
    const other = await visit('confirmed');
    const propose = (appointmentId: string) =>
      database.db
        .insert(appointmentProposals)
        .values({ appointmentId, fromStartsAt: start, startsAt: at(60) })
        .returning()
        .then(([p]) => p);
    const mine = await propose(row.id);
    const theirs = await propose(other.id);
    await expireOpenProposal(database.db, row.id, at(-100));
    const read = async (id: string) =>
      (await database.db.select().from(appointmentProposals).where(eq(appointmentProposals.id, id)))[0];
    expect(await read(mine.id)).toMatchObject({ status: 'expired', decidedAt: at(-100) });
    expect(await read(theirs.id)).toMatchObject({ status: 'open', decidedAt: null });
  });
});
