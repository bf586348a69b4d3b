import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { pendingBooking, payWithCard } from '../../test-support/booking-fixtures';
import { appWithMailSink, mailTo } from '../../test-support/mail-test-app';

// The booking confirmation is written in the recipient's language (their account's), not the
// language of whoever caused it: here the doctor's stays English while the patient reads Spanish or Arabic.
const clock = fixedClock(new Date());
const ctx = appWithMailSink(clock);

const to = (address: string) => mailTo(ctx.sink, address);

async function confirmedBookingIn(language: 'es' | 'ar', zone: string, slot: string) {
  const b = await pendingBooking(ctx.t.app, ctx.t.db, slot, 12);
  for (const [url, payload] of [
    ['/api/auth/language', { language }],
    ['/api/auth/time-zone', { timeZone: zone }],
  ] as const) {
    const res = await ctx.t.app.inject({ method: 'PUT', url, headers: { cookie: b.patient.cookie }, payload });
    expect(res.statusCode, res.body).toBe(200);
  }
  // The payment is confirmed with an English browser: the e-mail still follows the patient's account.
  const paid = await payWithCard(ctx.t.app, b.patient.cookie, b.appointment.id);
  expect(paid.confirm.statusCode).toBe(200);
  await ctx.t.app.jobWorker.runDue();
  return b;
}

describe('the booking confirmation in the patient’s language', () => {
  it('Spanish: texts, date, time and zone names in Spanish; the doctor still reads English', async () => {
    const before = ctx.sink.messages.length;
    const b = await confirmedBookingIn('es', 'Europe/Madrid', '10:00 AM');
    await ctx.sink.waitFor(before + 2);
    const [mail] = to(b.patient.user.email);
    expect(mail.subject).toMatch(
      /^Cita confirmada: \S+, \d+ de \S+ de \d{4} a las \d{1,2}:00 hora de Madrid \(UTC\+[12]\) · 10:00 hora de Nueva York \(UTC−[45]\)$/,
    );
    expect(mail.text).toContain('Su cita está confirmada');
    expect(mail.text).toMatch(/Su consulta por videollamada con Dr\. .+ está confirmada y pagada\./);
    expect(mail.text).toContain('Las horas se indican en hora de Madrid, su zona horaria');
    expect(mail.text).toContain('Unirse a la consulta: https://medora.test/consultation?appointmentId=');
    expect(mail.text).toContain('Medora es solo para consultas que no sean urgentes');
    expect(mail.html).toMatch(/<html[^>]*lang="es"[^>]*dir="ltr"|<html[^>]*dir="ltr"[^>]*lang="es"/);
    const [doctorMail] = to(b.doctorUser.email);
    expect(doctorMail.subject).toMatch(/^New booking: /);
  });

  it('Arabic: right to left, the Arabic clock and the zone named in Arabic', async () => {
    const before = ctx.sink.messages.length;
    const b = await confirmedBookingIn('ar', 'Asia/Riyadh', '11:00 AM');
    await ctx.sink.waitFor(before + 2);
    const [mail] = to(b.patient.user.email);
    expect(mail.subject).toMatch(/^تم تأكيد الموعد: /);
    expect(mail.subject).toContain('توقيت الرياض');
    expect(mail.subject).toMatch(/ في الساعة \d{1,2}:00 [صم] توقيت الرياض/);
    expect(mail.subject).not.toMatch(/\b(AM|PM)\b/);
    expect(mail.text).toContain('تم تأكيد موعدك');
    expect(mail.text).toContain('الانضمام إلى الاستشارة');
    expect(mail.html).toMatch(/dir="rtl"/);
    expect(mail.html).toMatch(/lang="ar"/);
  });
});
