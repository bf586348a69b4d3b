import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { pendingBooking, payWithCard } from '../../test-support/booking-fixtures';
import { appWithMailSink, mailTo } from '../../test-support/mail-test-app';
import { cookieFor } from '../../test-support/test-app';

// A Berlin patient books a New York doctor: each reads the visit in their own clock, named as
// people name it, on every surface (e-mail, bell); the other side's clock beside it with offsets.
const clock = fixedClock(new Date());
const ctx = appWithMailSink(clock);

const to = (address: string) => mailTo(ctx.sink, address);
const bell = async (cookie: string) =>
  (await ctx.t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } })).json() as {
    title: string;
    message: string;
  }[];

describe('each person reads an appointment in their own clock', () => {
  it('a Berlin patient and a New York doctor', async () => {
    const b = await pendingBooking(ctx.t.app, ctx.t.db, '10:00 AM', 12);
    const set = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/auth/time-zone',
      headers: { cookie: b.patient.cookie },
      payload: { timeZone: 'Europe/Berlin' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const paid = await payWithCard(ctx.t.app, b.patient.cookie, b.appointment.id);
    expect(paid.confirm.statusCode).toBe(200);
    await ctx.t.app.jobWorker.runDue();
    await ctx.sink.waitFor(2);

    const [patientMail] = to(b.patient.user.email);
    const [doctorMail] = to(b.doctorUser.email);
    // 10:00 AM in New York is 4:00 PM in Berlin, six hours on, or five in the weeks between the clock changes.
    const patientWhen = / at (3|4):00 PM Berlin time \(UTC\+[12]\) · 10:00 AM New York time \(UTC−[45]\)/;
    const doctorWhen = / at 10:00 AM New York time \(UTC−[45]\) · (3|4):00 PM Berlin time \(UTC\+[12]\)/;
    expect(patientMail.subject).toMatch(patientWhen);
    expect(patientMail.text).toMatch(patientWhen);
    expect(patientMail.text).toContain('Times are shown in Berlin time, your time zone');
    expect(doctorMail.text).toMatch(doctorWhen);
    expect(doctorMail.text).toContain('Times are shown in New York time, your time zone');
    for (const mail of [patientMail, doctorMail]) {
      expect(`${mail.subject} ${mail.text}`).not.toMatch(/America\/|Europe\/|\b(EST|EDT|CET|CEST|GMT)\b/);
    }

    const [patientBell] = await bell(b.patient.cookie);
    expect(patientBell.title).toBe('Appointment Confirmed');
    expect(patientBell.message).toMatch(patientWhen);
    const [doctorBell] = await bell(await cookieFor(ctx.t.db, b.doctorUser));
    expect(doctorBell.title).toBe('New Appointment Booked');
    expect(doctorBell.message).toMatch(doctorWhen);
  });
});
