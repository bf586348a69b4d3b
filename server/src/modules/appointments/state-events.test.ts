// Nothing moves a state without its domain event: the lapsed hold that gives way to a new booking,
// a payment that succeeded but cannot be applied, and a cancellation racing a payment's
// confirmation (which must report the status it actually cancelled).
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { createAppointmentBodySchema } from '@common/schemas/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainSubscribers } from '../../domain-subscribers';
import { appointments, jobs, notifications, payments } from '../../db/schema';
import type { SessionUser } from '../../core/session-user';
import { SimulatedProvider } from '../../payments/simulated';
import { book, bookableDoctor, localDate } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';
import { DomainEventBus, inUnit, on, type Subscriber, type UnitServices } from '../events/bus';
import type { DomainEvents } from '../events/catalog';
import { confirmPayment } from '../payments/service';
import { cancelAppointment } from './commands';
import { bookAppointment } from './service';

let t: TestContext;
let now = new Date();
const later = (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000));
beforeAll(async () => {
  t = await createTestApp({}, { clock: { now: () => now } });
});
afterAll(() => t.close());

const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' };
const post = (cookie: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

/** The app's own subscribers, with `extra` heard first: what a request's unit would run. */
function servicesWith(extra: Subscriber[]): UnitServices {
  return {
    db: t.db,
    payments: new SimulatedProvider(t.db),
    log: pino({ level: 'silent' }),
    rooms: null,
    events: new DomainEventBus([...extra, ...domainSubscribers] as Subscriber[]),
  };
}

async function paymentOf(appointmentId: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
  return row;
}

describe('a move carries its event', () => {
  it('a lapsed hold giving way to a new booking is cancelled by the system, and its checkout closed', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const first = await signedInUser(t.db);
    const slot = { doctorId: doctor.id, appointmentDate: localDate(12), appointmentTime: '11:00 AM' };
    const held = await book(t.app, first.cookie, slot);
    expect(
      (await post(first.cookie, '/api/payments/create-intent', { appointmentId: held.json().id })).statusCode,
    ).toBe(200);
    later(31);
    const second = await signedInUser(t.db);
    expect((await book(t.app, second.cookie, slot)).statusCode).toBe(201);

    const [lapsed] = await t.db.select().from(appointments).where(eq(appointments.id, held.json().id));
    expect(lapsed.status).toBe('cancelled');
    // The payments subscriber of `appointment.cancelled` made the open checkout unchargeable.
    expect((await paymentOf(lapsed.id)).status).toBe('canceled');
    // Nobody is told of an unpaid hold's end.
    const mail = await t.db.select().from(jobs).where(eq(jobs.appointmentId, lapsed.id));
    expect(mail.filter((j) => (j.payload as { kind?: string }).kind === 'booking_cancelled')).toEqual([]);
  });

  it('a payment that succeeded on a lapsed hold is refunded through the one refund command, with its event', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const first = await signedInUser(t.db);
    const slot = { doctorId: doctor.id, appointmentDate: localDate(13), appointmentTime: '01:00 PM' };
    const held = await book(t.app, first.cookie, slot);
    const checkout = (
      await post(first.cookie, '/api/payments/create-intent', { appointmentId: held.json().id })
    ).json();
    // The card is charged at the processor, but the confirmation never arrives and the hold runs out.
    await post(first.cookie, '/api/payments/simulated/confirm-card', { clientSecret: checkout.clientSecret, card });
    later(31);

    const cancelled: DomainEvents['appointment.cancelled'][] = [];
    const started: DomainEvents['payment.refund_started'][] = [];
    const services = servicesWith([
      on('appointment.cancelled', 'test: record', async (event) => void cancelled.push(event)),
      on('payment.refund_started', 'test: record', async (event) => void started.push(event)),
    ]);
    const second = await signedInUser(t.db);
    const body = createAppointmentBodySchema.parse({ ...slot, consultationType: 'video', reasonForVisit: 'Headache' });
    await bookAppointment(services, second.user as unknown as SessionUser, body, { clientAddress: '127.0.0.1' }, now);

    expect(cancelled.map((e) => [e.appointment.id, e.by, e.previousStatus, e.refund])).toEqual([
      [held.json().id, 'system', 'pending', 'none'],
    ]);
    // Closing its checkout found the card paid: applied, refused (the booking is cancelled), refunded.
    const payment = await paymentOf(held.json().id);
    expect(['refund_pending', 'refunded']).toContain(payment.status);
    expect(started.map((e) => [e.payment.id, e.by])).toEqual([[payment.id, 'system']]);
  });
});

// PGlite runs one transaction at a time, so a payment cannot commit between two statements of a
// cancellation there; PostgreSQL can, and that is where the event once reported `pending`.
describe.skipIf(testDriver !== 'postgres')('a cancellation racing the payment’s confirmation', () => {
  it('reports the status it cancelled (confirmed), so the paid cancellation is mailed and belled', async () => {
    const { doctor, user: doctorUser } = await bookableDoctor(t.db);
    const patient = await signedInUser(t.db);
    const booked = await book(t.app, patient.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(14),
      appointmentTime: '10:00 AM',
    });
    const id = booked.json().id as string;
    const checkout = (await post(patient.cookie, '/api/payments/create-intent', { appointmentId: id })).json();
    await post(patient.cookie, '/api/payments/simulated/confirm-card', { clientSecret: checkout.clientSecret, card });

    // The confirmation stops inside its transaction, the appointment already confirmed (and locked).
    let reached!: () => void;
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const cancelled: DomainEvents['appointment.cancelled'][] = [];
    const services = servicesWith([
      on('appointment.confirmed', 'test: hold the transaction open', async () => {
        reached();
        await gate;
      }),
      on('appointment.cancelled', 'test: record', async (event) => void cancelled.push(event)),
    ]);
    const confirming = confirmPayment(services, checkout.paymentIntentId, patient.user.id, now);
    await atGate;
    const cancelling = inUnit(services, now, (unit) =>
      cancelAppointment(unit, { id, by: 'patient', actor: null, refund: 'full' }),
    );
    // Wait until the cancellation waits on the confirmation's lock, then let the confirmation commit.
    for (;;) {
      const { rows } = (await t.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (rows[0].n > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    open();
    await confirming;
    expect(await cancelling).toBeDefined();

    expect(cancelled.map((e) => e.previousStatus)).toEqual(['confirmed']);
    expect(['refund_pending', 'refunded']).toContain((await paymentOf(id)).status);
    const mail = await t.db.select().from(jobs).where(eq(jobs.appointmentId, id));
    expect(mail.some((j) => (j.payload as { kind?: string }).kind === 'booking_cancelled')).toBe(true);
    const bell = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, doctorUser.id), eq(notifications.type, 'appointment_cancelled')));
    expect(bell).toHaveLength(1);
  });
});
