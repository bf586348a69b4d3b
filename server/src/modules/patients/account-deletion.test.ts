import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_AFTER_DELETION } from '@common/constants/account-deletion';
import { createAppointment, createUser } from '../../db/factories';
import { issueAccountToken } from '../account-tokens/tokens';
import {
  accountTokens,
  appointments,
  chatMessages,
  consultations,
  emailMessages,
  jobs,
  payments,
  users,
  visitNotes,
} from '../../db/schema';
import { SIGN_IN_MAX_FAILURES } from '../../http/login-throttle';
import { book, bookableDoctor, localDate, payWithCard } from '../../test-support/booking-fixtures';
import { cookieFor, createTestApp, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'correct horse battery';
const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, firstName: 'Sam', lastName: 'Squat', userType: 'patient' },
  });
const deleteAccount = (cookie: string, pw: string) =>
  t.app.inject({ method: 'POST', url: '/api/patients/me/delete', headers: { cookie }, payload: { password: pw } });

async function patient(firstName = 'Mara') {
  const user = await createUser(t.db, { password, firstName, lastName: 'Quinn' });
  return { user, cookie: await cookieFor(t.db, user) };
}

describe('the deleted-account placeholder cannot be squatted', () => {
  it("refuses to register a victim's future placeholder address, in any case, and any .invalid address", async () => {
    const victim = await patient();
    for (const email of [
      `deleted-${victim.user.id}@deleted.invalid`,
      `DELETED-${victim.user.id.toUpperCase()}@Deleted.Invalid`,
      'someone@deleted.invalid',
      'x@mail.example.invalid',
    ]) {
      const res = await register(email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().fields.email).toMatch(/cannot be used/);
    }
    const squatters = await t.db.select().from(users).where(eq(users.lastName, 'Squat'));
    expect(squatters).toEqual([]);
  });

  it('still deletes when an old row already holds the classic placeholder (registered before the refusal)', async () => {
    const victim = await patient();
    await createUser(t.db, { email: `deleted-${victim.user.id}@deleted.invalid`, lastName: 'Squat' });
    const res = await deleteAccount(victim.cookie, password);
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(row.email).toMatch(/^deleted-.+@deleted\.invalid$/);
    expect(row.deletedAt).not.toBeNull();
  });
});

describe('the password check on deletion is throttled like sign-in', () => {
  it(`answers 429 after ${SIGN_IN_MAX_FAILURES} wrong passwords, and the account's sign-in is locked too`, async () => {
    const victim = await patient();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await deleteAccount(victim.cookie, `guess number ${i}`)).statusCode);
    expect(statuses.slice(0, SIGN_IN_MAX_FAILURES)).toEqual(Array(SIGN_IN_MAX_FAILURES).fill(400));
    expect(statuses.slice(SIGN_IN_MAX_FAILURES)).toEqual(Array(12 - SIGN_IN_MAX_FAILURES).fill(429));
    // Even the right password waits now, here and at the sign-in form: one lock.
    const right = await deleteAccount(victim.cookie, password);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.user.email, password },
    });
    expect(login.statusCode).toBe(429);
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(row.deletedAt).toBeNull();
  });

  it("sign-in failures count against deletion's check as well", async () => {
    const victim = await patient();
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: victim.user.email, password: `wrong ${i}` },
      });
    }
    expect((await deleteAccount(victim.cookie, 'one more guess')).statusCode).toBe(429);
  });
});

describe('deleting an account does what the privacy page says', () => {
  it('cancels and refunds upcoming appointments, drops waiting mail and stored copies, erases chat text, keeps the record', async () => {
    const me = await patient('Ines');
    const { doctor, user: doctorUser } = await bookableDoctor(t.db);
    const booked = await book(t.app, me.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(9),
      reasonForVisit: 'Chest pain when climbing stairs',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const upcomingId = booked.json().id as string;
    const paid = await payWithCard(t.app, me.cookie, upcomingId);
    expect(paid.confirm.statusCode, paid.confirm.body).toBe(200);
    const unpaid = await book(t.app, me.cookie, { doctorId: doctor.id, appointmentDate: localDate(12) });
    expect(unpaid.statusCode, unpaid.body).toBe(201);
    // The confirmation mail went out (a stored copy to the address); reminders wait in the queue.
    await t.app.jobWorker.runDue();
    const copies = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, me.user.email));
    expect(copies.length).toBeGreaterThan(0);
    const reminders = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.appointmentId, upcomingId), eq(jobs.kind, 'reminder'), eq(jobs.status, 'queued')));
    expect(reminders.length).toBeGreaterThan(0);

    // A past visit with chat and the doctor's notes.
    const past = await createAppointment(t.db, {
      patientId: me.user.id,
      doctorId: doctor.id,
      startsAt: new Date(Date.now() - 20 * 86_400_000),
      status: 'completed',
    });
    await t.db.insert(consultations).values({ appointmentId: past.id, status: 'ended' });
    await t.db.insert(chatMessages).values([
      { consultationId: past.id, senderId: me.user.id, senderName: 'Ines Quinn', message: 'My HIV test came back' },
      { consultationId: past.id, senderId: doctorUser.id, senderName: 'Dr. Who', message: 'Let us talk about PrEP' },
    ]);
    await t.db
      .insert(visitNotes)
      .values({ appointmentId: past.id, privateNotes: 'Follow up in 3 months', diagnosis: 'Checked' });

    const res = await deleteAccount(me.cookie, password);
    expect(res.statusCode, res.body).toBe(204);

    const [cancelled] = await t.db.select().from(appointments).where(eq(appointments.id, upcomingId));
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'The patient deleted their account.',
      reasonForVisit: '',
    });
    const [hold] = await t.db.select().from(appointments).where(eq(appointments.id, unpaid.json().id));
    expect(hold.status).toBe('cancelled');
    await t.app.jobWorker.runDue();
    const [payment] = await t.db.select().from(payments).where(eq(payments.appointmentId, upcomingId));
    expect(payment.refundedAmount).toBe(payment.amount);
    expect(payment.status).toBe('refunded');

    const myAppointments = (
      await t.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.patientId, me.user.id))
    ).map((a) => a.id);
    const waiting = await t.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(inArray(jobs.appointmentId, myAppointments), eq(jobs.status, 'queued')));
    expect(waiting.filter((j) => (j.payload as { recipient?: string }).recipient === 'patient')).toEqual([]);
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, me.user.email))).toEqual([]);
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.userId, me.user.id))).toEqual([]);
    // The doctor is still told the slot is free.
    const toDoctor = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, doctorUser.email));
    expect(toDoctor.map((m) => m.kind)).toContain('booking_cancelled');
    expect(JSON.stringify(toDoctor)).not.toContain('Ines');

    const chat = await t.db.select().from(chatMessages).where(eq(chatMessages.consultationId, past.id));
    expect(chat.map((m) => m.message)).toEqual(['Message deleted', 'Message deleted']);
    expect(JSON.stringify(chat)).not.toContain('Ines');

    // Kept: the doctor's record of the past visit and the payment.
    const [notes] = await t.db.select().from(visitNotes).where(eq(visitNotes.appointmentId, past.id));
    expect(notes.privateNotes).toBe('Follow up in 3 months');
    expect(payment.amount).toBe(15000);
  });

  it('drops pending links (with the new address they name), so no reset or e-mail change outlives the account', async () => {
    const me = await patient('Lior');
    await issueAccountToken(
      t.db,
      { userId: me.user.id, purpose: 'change_email', newEmail: 'lior.new@example.com' },
      new Date(),
    );
    await issueAccountToken(t.db, { userId: me.user.id, purpose: 'reset_password' }, new Date());
    expect((await deleteAccount(me.cookie, password)).statusCode).toBe(204);
    expect(await t.db.select().from(accountTokens).where(eq(accountTokens.userId, me.user.id))).toEqual([]);
  });

  it('names what is kept, and for how long, in the export before deletion', async () => {
    const me = await patient();
    const res = await t.app.inject({ url: '/api/patients/me/export', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    const kept = res.json().ifYouDeleteYourAccount.kept as { text: string }[];
    expect(kept).toHaveLength(KEPT_AFTER_DELETION.length);
    expect(kept.map((k) => k.text).join(' ')).toMatch(/Payments.*kept for 7 years after deletion/);
    expect(kept.map((k) => k.text).join(' ')).toMatch(/medical records.*kept for 7 years/);
  });

  it('tells a doctor to contact support without counting it as a wrong password', async () => {
    const { cookie } = await bookableDoctor(t.db, { user: { password } });
    for (let i = 0; i < SIGN_IN_MAX_FAILURES + 1; i++)
      expect((await deleteAccount(cookie, password)).statusCode).toBe(409);
  });
});
