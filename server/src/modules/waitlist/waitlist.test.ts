import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_LIMIT, WAITLIST_OFFER_MINUTES } from '@common/constants/waitlist';
import { fixedClock } from '../../core/clock';
import { createAppointment } from '../../db/factories';
import { appointments, emailMessages, jobs, notifications, users, waitlistEntries } from '../../db/schema';
import { domainSubscribers } from '../../domain-subscribers';
import { SimulatedProvider } from '../../payments/simulated';
import { payWithCard } from '../../test-support/booking-fixtures';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import {
  type FullDoctor,
  type Who,
  slotOn,
  WAIT_BEFORE,
  WAITLIST_START,
  waitlistWorld,
} from '../../test-support/waitlist-fixtures';
import { DomainEventBus, type UnitServices } from '../events/bus';
import { sweepWaitlist } from './job';

const clock = fixedClock(WAITLIST_START);
const MINUTE = 60_000;

let t: TestContext;
const { call, patient, fullDoctor, doctorCancels, holdsOf } = waitlistWorld(() => t);
const services = (): UnitServices => ({
  db: t.db,
  payments: new SimulatedProvider(t.db),
  log: pino({ level: 'silent' }),
  rooms: null,
  events: new DomainEventBus(domainSubscribers),
});
const sweep = () => sweepWaitlist(services(), clock.now());

const join = (who: Who, doctor: FullDoctor, more: object = {}) =>
  call('POST', '/api/waitlist', who, {
    doctorId: doctor.doctorId,
    consultationType: 'video',
    before: WAIT_BEFORE,
    ...more,
  });
const entryOf = async (who: Who, doctor: FullDoctor) => {
  const [row] = await t.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.patientId, who.id), eq(waitlistEntries.doctorId, doctor.doctorId)));
  return row;
};
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => t?.close());

describe('the waitlist: what a stranger cannot do', () => {
  it("another patient's entry is 404 to delete and stays; their list never shows it", async () => {
    const doctor = await fullDoctor('Stranger');
    const ana = await patient('Ana');
    const sam = await patient('Sam');
    const joined = await join(ana, doctor);
    expect(joined.statusCode).toBe(201);
    const id = joined.json().id as string;
    const del = await call('DELETE', `/api/waitlist/${id}`, sam);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe('Waitlist entry not found.');
    expect((await entryOf(ana, doctor)).status).toBe('active');
    expect((await call('GET', '/api/waitlist', sam)).json()).toEqual([]);
    expect((await call('DELETE', '/api/waitlist/not-a-uuid', sam)).statusCode).toBe(400);
    // A doctor has no waitlist of their own to read or join.
    expect((await call('GET', '/api/waitlist', doctor)).statusCode).toBe(403);
  });

  it('the data export holds my entries with the reason I gave, and a stranger’s export none of them', async () => {
    const doctor = await fullDoctor('Export');
    const ana = await patient('Ana');
    const sam = await patient('Sam');
    const joined = await join(ana, doctor, { reasonForVisit: 'Follow-up on my blood pressure' });
    expect(joined.statusCode).toBe(201);
    const mine = await call('GET', '/api/patients/me/export', ana);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().waitlist).toEqual([
      expect.objectContaining({
        id: joined.json().id,
        doctorName: 'Dr. Dana Export',
        before: WAIT_BEFORE,
        status: 'active',
        reasonForVisit: 'Follow-up on my blood pressure',
      }),
    ]);
    expect((await call('GET', '/api/patients/me/export', sam)).json().waitlist).toEqual([]);
  });

  it("another patient's family member and an unknown doctor are 404, and nothing is stored", async () => {
    const doctor = await fullDoctor('Family');
    const ana = await patient('Ana');
    const sam = await patient('Sam');
    const member = await call('POST', '/api/family-members', ana, {
      firstName: 'Maya',
      lastName: 'Waits',
      dateOfBirth: '2018-05-04',
      relationship: 'child',
    });
    expect(member.statusCode).toBe(201);
    const theirs = await join(sam, doctor, { familyMemberId: member.json().id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Family member not found.');
    const unknown = await call('POST', '/api/waitlist', sam, {
      doctorId: '00000000-0000-4000-8000-000000000000',
      consultationType: 'video',
      before: WAIT_BEFORE,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.patientId, sam.id))).toEqual([]);
    // Ana's own member is hers to wait for.
    expect((await join(ana, doctor, { familyMemberId: member.json().id })).statusCode).toBe(201);
  });

  it('bad dates and NUL are a 400 naming the field, and nothing is stored', async () => {
    const doctor = await fullDoctor('Dates');
    const sam = await patient('Sam');
    const cases: [object, string][] = [
      [{ before: '2026-12-0\u00007' }, 'before'],
      [{ before: '2026-02-30' }, 'before'],
      [{ before: '2026-12-02' }, 'before'], // today in New York: nothing is earlier than today's slots
      [{ before: '2026-11-30' }, 'before'],
      [{ before: '2027-07-01' }, 'before'], // past the booking horizon
      [{ consultationType: 'telepathy' }, 'consultationType'],
      [{ reasonForVisit: 'Sore\u0000throat' }, 'reasonForVisit'],
    ];
    for (const [body, field] of cases) {
      const res = await join(sam, doctor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(body)).toBeTruthy();
    }
    const es = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { cookie: sam.cookie, 'accept-language': 'es' },
      payload: { doctorId: doctor.doctorId, consultationType: 'video', before: '2026-12-01' },
    });
    expect(es.json().fields.before).toBe('Elija una fecha posterior a hoy');
    expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.patientId, sam.id))).toEqual([]);
  });
});

describe('the waitlist: limits', () => {
  it(`at most ${WAITLIST_LIMIT} live entries, even when asked all at once; the same wait twice is refused`, async () => {
    const ana = await patient('Ana');
    const doctors = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => fullDoctor(`Limit${n}`)));
    const replies = await Promise.all(doctors.map((d) => join(ana, d)));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(WAITLIST_LIMIT);
    const refused = replies.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0].json().message).toContain(`at most ${WAITLIST_LIMIT}`);
    expect((await call('GET', '/api/waitlist', ana)).json()).toHaveLength(WAITLIST_LIMIT);

    // Leaving one makes room; the same doctor, type and person twice is refused.
    const first = replies.find((r) => r.statusCode === 201)!.json();
    expect((await call('DELETE', `/api/waitlist/${first.id}`, ana)).statusCode).toBe(204);
    const again = doctors.find((d) => d.doctorId !== first.doctorId && replies[doctors.indexOf(d)].statusCode === 201)!;
    expect((await join(ana, again)).statusCode).toBe(409);
    expect((await join(ana, again, { consultationType: 'voice' })).statusCode).toBe(201);
  });
});

describe('the waitlist: offers', () => {
  it('first come, first served: a freed slot is held for the first in line for 15 minutes, told by bell and e-mail', async () => {
    clock.set(WAITLIST_START);
    const doctor = await fullDoctor('Order');
    const first = await patient('First');
    const second = await patient('Second');
    expect((await join(first, doctor)).json()).toMatchObject({ status: 'active', offer: null });
    clock.advance(MINUTE);
    expect((await join(second, doctor)).statusCode).toBe(201);

    expect((await doctorCancels(doctor, 5)).statusCode).toBe(200);
    const [mine] = (await call('GET', '/api/waitlist', first)).json();
    const offeredAt = clock.now().getTime();
    expect(mine).toMatchObject({
      status: 'offered',
      offer: {
        startsAt: slotOn(5).toISOString(),
        expiresAt: new Date(offeredAt + WAITLIST_OFFER_MINUTES * MINUTE).toISOString(),
      },
    });
    // Nobody is told how many wait or where they stand.
    expect(Object.keys(mine).sort()).toEqual(
      [
        'consultationType',
        'createdAt',
        'before',
        'doctorId',
        'doctorName',
        'familyMemberId',
        'id',
        'offer',
        'status',
      ].sort(),
    );
    const [hold] = await holdsOf(first, doctor);
    expect(hold).toMatchObject({ startsAt: slotOn(5), status: 'pending', familyMemberId: null });
    expect(mine.offer.appointmentId).toBe(hold.id);
    expect((await entryOf(second, doctor)).status).toBe('active');
    expect(await holdsOf(second, doctor)).toEqual([]);

    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, first.id));
    expect(bell.map((n) => n.type)).toEqual(['waitlist_offer']);
    const mail = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'email'), eq(jobs.appointmentId, hold.id)));
    expect(mail.map((j) => (j.payload as { kind: string }).kind)).toEqual(['waitlist_offer']);

    // 14 minutes on, the offer still stands; at 15 it lapses and the next in line is offered the slot.
    clock.advance((WAITLIST_OFFER_MINUTES - 1) * MINUTE);
    await sweep();
    expect((await entryOf(first, doctor)).status).toBe('offered');
    expect(await holdsOf(second, doctor)).toEqual([]);
    clock.advance(MINUTE);
    await sweep();
    expect((await entryOf(first, doctor)).status).toBe('lapsed');
    expect(await holdsOf(first, doctor)).toEqual([]);
    const [next] = await holdsOf(second, doctor);
    expect(next.startsAt).toEqual(slotOn(5));
    expect((await entryOf(second, doctor)).status).toBe('offered');

    // Paying for the held slot books it.
    await payWithCard(t.app, second.cookie, next.id);
    const [paid] = await t.db.select().from(appointments).where(eq(appointments.id, next.id));
    expect(paid.status).toBe('confirmed');
    expect((await entryOf(second, doctor)).status).toBe('booked');
  });

  it('concurrent cancellations never offer one patient twice nor one slot to two', async () => {
    clock.set(WAITLIST_START);
    const doctor = await fullDoctor('Race');
    const line = [await patient('One'), await patient('Two'), await patient('Three')];
    for (const who of line) {
      expect((await join(who, doctor)).statusCode).toBe(201);
      clock.advance(1000);
    }
    const cancels = await Promise.all([doctorCancels(doctor, 4), doctorCancels(doctor, 5), sweep(), sweep()]);
    expect(cancels.slice(0, 2).map((r) => (r as { statusCode: number }).statusCode)).toEqual([200, 200]);
    await Promise.all([sweep(), sweep()]);
    const holds = await Promise.all(line.map((who) => holdsOf(who, doctor)));
    expect(holds.map((h) => h.length)).toEqual([1, 1, 0]);
    expect(new Set(holds.flat().map((h) => h.startsAt.toISOString()))).toEqual(
      new Set([slotOn(4).toISOString(), slotOn(5).toISOString()]),
    );
    expect((await entryOf(line[2], doctor)).status).toBe('active');
  });

  it('passes over one line at once (sweeps on several instances) take turns: one hold per patient, one patient per slot', async () => {
    clock.set(WAITLIST_START);
    const doctor = await fullDoctor('Sweeps');
    const line = [await patient('Uno'), await patient('Dos'), await patient('Tres')];
    for (const who of line) {
      expect((await join(who, doctor)).statusCode).toBe(201);
      clock.advance(1000);
    }
    // Two slots free up with no event (as time off removed would), then six passes run at once.
    await t.db
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: clock.now() })
      .where(and(eq(appointments.doctorId, doctor.doctorId), inArray(appointments.startsAt, [slotOn(3), slotOn(6)])));
    await Promise.all(Array.from({ length: 6 }, () => sweep()));
    const holds = await Promise.all(line.map((who) => holdsOf(who, doctor)));
    expect(holds.map((h) => h.length)).toEqual([1, 1, 0]);
    expect(new Set(holds.flat().map((h) => h.startsAt.toISOString()))).toEqual(
      new Set([slotOn(3).toISOString(), slotOn(6).toISOString()]),
    );
  });

  it("an offer never collides with the patient's other visits: the next in line gets the slot", async () => {
    clock.set(WAITLIST_START);
    const doctor = await fullDoctor('Clash');
    const other = await fullDoctor('Elsewhere');
    const busy = await patient('Busy');
    const free = await patient('Free');
    await createAppointment(t.db, {
      patientId: busy.id,
      doctorId: other.doctorId,
      startsAt: new Date(slotOn(4).getTime() + 15 * MINUTE),
      status: 'confirmed',
      durationMinutes: 30,
    });
    expect((await join(busy, doctor)).statusCode).toBe(201);
    clock.advance(1000);
    expect((await join(free, doctor)).statusCode).toBe(201);
    await doctorCancels(doctor, 4);
    expect(await holdsOf(busy, doctor)).toEqual([]);
    expect((await entryOf(busy, doctor)).status).toBe('active');
    expect((await holdsOf(free, doctor)).map((h) => h.startsAt)).toEqual([slotOn(4)]);
  });

  it('leaving while offered releases the hold to the next in line', async () => {
    clock.set(WAITLIST_START);
    const doctor = await fullDoctor('Leave');
    const a = await patient('Leaver');
    const b = await patient('Stayer');
    expect((await join(a, doctor)).statusCode).toBe(201);
    clock.advance(1000);
    expect((await join(b, doctor)).statusCode).toBe(201);
    await doctorCancels(doctor, 6);
    const entry = await entryOf(a, doctor);
    expect(entry.status).toBe('offered');
    expect((await call('DELETE', `/api/waitlist/${entry.id}`, a)).statusCode).toBe(204);
    expect((await entryOf(a, doctor)).status).toBe('cancelled');
    expect(await holdsOf(a, doctor)).toEqual([]);
    expect((await holdsOf(b, doctor)).map((h) => h.startsAt)).toEqual([slotOn(6)]);
  });

  it("the e-mail and the bell are in the patient's language, with a one-tap link to the held booking", async () => {
    clock.set(WAITLIST_START);
    const doctor = await fullDoctor('Idioma');
    const lucia = await patient('Lucía');
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, lucia.id));
    expect((await join(lucia, doctor)).statusCode).toBe(201);
    await doctorCancels(doctor, 3);
    const [hold] = await holdsOf(lucia, doctor);
    await t.app.jobWorker.runDue();
    const [mail] = await t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.kind, 'waitlist_offer'), eq(emailMessages.appointmentId, hold.id)));
    expect(mail.subject).toBe('Le reservamos un horario anterior');
    expect(mail.textBody).toContain(`/checkout?appointmentId=${hold.id}`);
    expect(mail.textBody).not.toMatch(/waiting: \d|\d+ (people|personas)/);
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: lucia.cookie, 'accept-language': 'es' },
    });
    expect(bell.json()[0].title).toBe('Le reservamos un horario anterior');
  });

  it('a deactivated account is passed over; the next in line gets the slot', async () => {
    clock.set(WAITLIST_START);
    const doctor = await fullDoctor('Inactive');
    const gone = await patient('Gone');
    const here = await patient('Here');
    expect((await join(gone, doctor)).statusCode).toBe(201);
    clock.advance(1000);
    expect((await join(here, doctor)).statusCode).toBe(201);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    await doctorCancels(doctor, 2);
    expect(await holdsOf(gone, doctor)).toEqual([]);
    expect((await holdsOf(here, doctor)).map((h) => h.startsAt)).toEqual([slotOn(2)]);
  });

  it('joining twice with one Idempotency-Key makes one entry and replays the first reply', async () => {
    const doctor = await fullDoctor('Retry');
    const ana = await patient('Ana');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: { cookie: ana.cookie, 'idempotency-key': 'waitlist-join-0001' },
        payload: { doctorId: doctor.doctorId, consultationType: 'video', before: WAIT_BEFORE },
      });
    const first = await send();
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.patientId, ana.id))).toHaveLength(1);
  });
});
