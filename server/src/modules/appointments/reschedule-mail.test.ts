import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { appointments } from '../../db/schema';
import { localDate, pendingBooking, payWithCard } from '../../test-support/booking-fixtures';
import { appWithMailSink } from '../../test-support/mail-test-app';
import { cookieFor } from '../../test-support/test-app';

const clock = fixedClock(new Date());
const ctx = appWithMailSink(clock);

const ics = (mail: ParsedMail) =>
  mail.attachments
    .find((a) => a.filename?.endsWith('.ics'))!
    .content.toString('utf8')
    .replace(/\r\n[ \t]/g, '');
const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('.000', '');
const field = (cal: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(cal)?.[1];

async function deliver(count: number) {
  ctx.sink.messages.length = 0;
  await ctx.t.app.jobWorker.runDue();
  return ctx.sink.waitFor(count);
}

describe('calendar files of a moved appointment', () => {
  it('keep the UID and raise SEQUENCE at each move, and the cancellation goes higher still', async () => {
    const b = await pendingBooking(ctx.t.app, ctx.t.db, '10:00 AM', 10);
    await payWithCard(ctx.t.app, b.patient.cookie, b.appointment.id);
    const first = await deliver(2);
    const uid = field(ics(first[0]), 'UID');
    expect(uid).toBe(`${b.appointment.id}@medora`);
    expect(field(ics(first[0]), 'SEQUENCE')).toBe('0');

    const move = (appointmentDate: string, appointmentTime: string) =>
      ctx.t.app.inject({
        method: 'POST',
        url: `/api/appointments/${b.appointment.id}/reschedule`,
        headers: { cookie: b.patient.cookie },
        payload: { appointmentDate, appointmentTime },
      });
    expect((await move(localDate(12), '03:00 PM')).statusCode).toBe(200);
    const moved = await deliver(2);
    const [row] = await ctx.t.db.select().from(appointments).where(eq(appointments.id, b.appointment.id));
    for (const mail of moved) {
      expect(mail.subject).toMatch(/^Appointment moved: /);
      expect(mail.text).toMatch(/moved from .* to /);
      const cal = ics(mail);
      expect(field(cal, 'UID')).toBe(uid);
      expect(field(cal, 'SEQUENCE')).toBe('1');
      expect(field(cal, 'METHOD')).toBe('PUBLISH');
      expect(field(cal, 'DTSTART')).toBe(stamp(row.startsAt));
    }
    const recipients = moved.map((m) => JSON.stringify(m.to)).join(' ');
    expect(recipients).toContain(b.patient.user.email);
    expect(recipients).toContain(b.doctorUser.email);

    expect((await move(localDate(13), '03:00 PM')).statusCode).toBe(200);
    const again = await deliver(2);
    for (const mail of again) expect(field(ics(mail), 'SEQUENCE')).toBe('2');

    const cancel = await ctx.t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${b.appointment.id}`,
      headers: { cookie: b.patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const cancelled = await deliver(3);
    for (const mail of cancelled.filter((m) => m.subject?.startsWith('Appointment cancelled'))) {
      const cal = ics(mail);
      expect(field(cal, 'UID')).toBe(uid);
      expect(field(cal, 'METHOD')).toBe('CANCEL');
      expect(Number(field(cal, 'SEQUENCE'))).toBeGreaterThan(2);
    }
  });

  it("tells the patient the doctor's reason and the full refund when the doctor cancels", async () => {
    const b = await pendingBooking(ctx.t.app, ctx.t.db, '11:00 AM', 10);
    await payWithCard(ctx.t.app, b.patient.cookie, b.appointment.id);
    await deliver(2);
    const cookie = await cookieFor(ctx.t.db, b.doctorUser);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/doctor/appointments/${b.appointment.id}/cancel`,
      headers: { cookie },
      payload: { reason: 'A family emergency' },
    });
    expect(res.statusCode).toBe(200);
    const mails = await deliver(2);
    const mail = mails.find((m) => m.subject?.startsWith('Appointment cancelled by Dr.'))!;
    expect(JSON.stringify(mail.to)).toContain(b.patient.user.email);
    expect(mail.text).toContain('A family emergency');
    expect(mail.text).toContain('refunded in full');
    expect(field(ics(mail), 'METHOD')).toBe('CANCEL');
    expect(field(ics(mail), 'SEQUENCE')).toBe('1');
  });

  it('asks the patient by e-mail to answer a new time the doctor proposes, without a calendar file', async () => {
    const b = await pendingBooking(ctx.t.app, ctx.t.db, '01:00 PM', 10);
    await payWithCard(ctx.t.app, b.patient.cookie, b.appointment.id);
    await deliver(2);
    const cookie = await cookieFor(ctx.t.db, b.doctorUser);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/doctor/appointments/${b.appointment.id}/proposals`,
      headers: { cookie },
      payload: { appointmentDate: localDate(11), appointmentTime: '02:00 PM' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await deliver(1);
    expect(JSON.stringify(mail.to)).toContain(b.patient.user.email);
    expect(mail.subject).toMatch(/^Dr\. .+ proposes a new time$/);
    expect(mail.text).toMatch(/proposes to move your video call from .+ to .+2:00 PM/);
    expect(mail.text).toContain('https://medora.test/appointments');
    expect(mail.attachments.filter((a) => a.filename?.endsWith('.ics'))).toEqual([]);
  });
});
