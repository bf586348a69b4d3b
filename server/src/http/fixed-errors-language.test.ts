// Errors that used to be English constants (a slot just taken, an address already verified, a 404
// of a record outside the first ten, the simulated processor's decline) in the request's or the
// account's language; English exactly as before.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookableDoctor, localDate, pendingBooking, payWithCard } from '../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SPANISH = { 'accept-language': 'es-ES,es;q=0.9' };
const ARABIC = { 'accept-language': 'ar' };
const call = (method: 'POST' | 'DELETE', url: string, cookie: string, headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, ...headers }, payload });

describe('a slot someone else just took', () => {
  const slot = (doctorId: string) => ({ doctorId, appointmentDate: localDate(9), appointmentTime: '11:00 AM' });
  const bookIn = (cookie: string, doctorId: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie, ...headers },
      payload: { consultationType: 'video', reasonForVisit: 'Sore throat for a week', ...slot(doctorId) },
    });

  it('two patients racing one slot: one books it, the other is told in Spanish', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const [ana, ben] = await Promise.all([signedInUser(t.db), signedInUser(t.db)]);
    const replies = await Promise.all([bookIn(ana.cookie, doctor.id, SPANISH), bookIn(ben.cookie, doctor.id, SPANISH)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const lost = replies.find((r) => r.statusCode === 409)!;
    expect(lost.json()).toEqual({
      code: 'conflict',
      message: 'Este horario acaba de reservarse. Por favor, elija otra hora.',
    });
  });

  it('the slot already taken: Arabic, and English as before', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const first = await signedInUser(t.db);
    expect((await book(t.app, first.cookie, slot(doctor.id))).statusCode).toBe(201);
    const late = await signedInUser(t.db);
    const ar = await bookIn(late.cookie, doctor.id, ARABIC);
    expect(ar.statusCode).toBe(409);
    expect(ar.json().message).toBe('تم حجز هذا الموعد للتو. يرجى اختيار وقت آخر.');
    const en = await book(t.app, late.cookie, slot(doctor.id));
    expect(en.json()).toEqual({
      code: 'conflict',
      message: 'This time slot has just been booked. Please choose another time.',
    });
  });
});

describe('a record outside the first ten named', () => {
  it('time off that is not there: named in each language', async () => {
    const { cookie } = await bookableDoctor(t.db);
    const remove = (headers = {}) => call('DELETE', `/api/doctors/profile/time-off/${randomUUID()}`, cookie, headers);
    const en = await remove();
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: 'not_found', message: 'Time off not found.' });
    expect((await remove(SPANISH)).json().message).toBe('No se encontró el periodo de ausencia.');
    expect((await remove(ARABIC)).json().message).toBe('لم يتم العثور على فترة الإجازة.');
  });
});

describe('an address already verified', () => {
  it('asking for another link: a 409 in each language, the account’s language first', async () => {
    const me = await signedInUser(t.db);
    const resend = (cookie: string, headers = {}) => call('POST', '/api/auth/email/resend', cookie, headers);
    const en = await resend(me.cookie);
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({ code: 'conflict', message: 'Your e-mail address is already verified.' });
    expect((await resend(me.cookie, SPANISH)).json().message).toBe(
      'Su dirección de correo electrónico ya está verificada.',
    );
    expect((await resend(`${me.cookie}; medora_lang=ar`)).json().message).toBe('تم التحقق من بريدك الإلكتروني بالفعل.');
  });
});

describe('the simulated processor’s decline', () => {
  it('a declined card: the 402 says it in the reader’s language', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db, '03:00 PM', 11);
    const { confirm, paymentIntentId } = await payWithCard(
      t.app,
      patient.cookie,
      appointment.id,
      '4000 0000 0000 0002',
    );
    expect(confirm.statusCode).toBe(402);
    expect(confirm.json()).toEqual({ code: 'payment_required', message: 'Your card was declined.' });
    const again = (headers: Record<string, string>) =>
      call('POST', '/api/payments/confirm', patient.cookie, headers, { paymentIntentId });
    expect((await again(SPANISH)).json().message).toBe('Su tarjeta fue rechazada.');
    expect((await again(ARABIC)).json().message).toBe('تم رفض بطاقتك.');
  });
});

describe('the message beside a field', () => {
  it('a bad search cursor: the field says it in the reader’s language, English as before', async () => {
    const url = '/api/doctors/search?cursor=not-a-cursor';
    const english = await t.app.inject({ url });
    expect(english.statusCode).toBe(400);
    expect(english.json().fields).toEqual({ cursor: 'Cursor is invalid' });
    const spanish = await t.app.inject({ url, headers: SPANISH });
    expect(spanish.json().fields).toEqual({ cursor: 'El cursor no es válido' });
    const arabic = await t.app.inject({ url, headers: ARABIC });
    expect(arabic.json().fields).toEqual({ cursor: 'المؤشر غير صالح' });
  });

  it('booking one’s own profile: the field names why in Arabic', async () => {
    const { doctor, cookie } = await bookableDoctor(t.db);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie, ...ARABIC },
      payload: {
        doctorId: doctor.id,
        appointmentDate: localDate(9),
        appointmentTime: '11:00 AM',
        consultationType: 'video',
        reasonForVisit: 'A check of my own',
      },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toEqual({ doctorId: 'هذا ملفك الشخصي' });
  });
});
