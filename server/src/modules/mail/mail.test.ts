import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { appointments, emailMessages, jobs, patientProfiles, users } from '../../db/schema';
import { pendingBooking, payWithCard } from '../../test-support/booking-fixtures';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { enqueueMarketingEmail } from './events';
import { localizedWhen } from '../../core/localized-when';

const ORIGIN = 'https://medora.test';
const clock = fixedClock(new Date());
let sink: SmtpSink;
let t: TestContext;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, PUBLIC_ORIGIN: ORIGIN }, { clock });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});
beforeEach(() => {
  sink.messages.length = 0;
  clock.set(new Date());
});

const run = () => t.app.jobWorker.runDue();
const to = (address: string) => sink.messages.filter((m) => m.to && JSON.stringify(m.to).includes(address));
const ics = (mail: ParsedMail) => {
  const file = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
  expect(file, `${mail.subject} has an .ics`).toBeTruthy();
  return file!.content.toString('utf8').replace(/\r\n[ \t]/g, '');
};
const startOf = async (id: string) =>
  (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0].startsAt;
/** The raw header: mailparser folds List-* headers into a parsed `list` object. */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('.000', '');

async function confirmedBooking(days = 10, time = '10:00 AM') {
  const booking = await pendingBooking(t.app, t.db, time, days);
  const paid = await payWithCard(t.app, booking.patient.cookie, booking.appointment.id);
  expect(paid.confirm.statusCode).toBe(200);
  return { ...booking, startsAt: await startOf(booking.appointment.id) };
}

async function giveProfile(userId: string, country: string) {
  await t.db.insert(patientProfiles).values({
    userId,
    dateOfBirth: '1990-01-01',
    gender: 'female',
    phoneNumber: '+44 20 7946 0000',
    address: '1 High Street',
    city: 'London',
    country,
    emergencyContactName: 'Sam Reyes',
    emergencyContactPhone: '+44 20 7946 0001',
    emergencyContactRelation: 'sibling',
    agreedToTermsAt: new Date(),
  });
}

describe('booking e-mails over SMTP', () => {
  it('confirms to the patient and tells the doctor, each in their own time zone, with a valid .ics', async () => {
    const b = await confirmedBooking();
    await run();
    await sink.waitFor(2);
    const [patientMail] = to(b.patient.user.email);
    const [doctorMail] = to(b.doctorUser.email);
    expect(patientMail.subject).toMatch(/^Appointment confirmed: /);
    expect(doctorMail.subject).toMatch(/^New booking: Video Call on /);
    const when = localizedWhen('en', b.startsAt, 'America/New_York');
    // Both read New York's clock here (the patient names no country), so no second time is added.
    expect(patientMail.text).toContain(when);
    expect(doctorMail.text).toContain(when);
    expect(patientMail.text).not.toContain(`${when} (`);
    for (const mail of [patientMail, doctorMail]) {
      expect(mail.text).toContain('Medora');
      expect(mail.text).toMatch(/non-emergency consultations only/);
      expect(mail.text).toContain(`${ORIGIN}/consultation?appointmentId=${b.appointment.id}`);
      // No health details beyond the consultation type: the reason for the visit stays out.
      expect(`${mail.text}${mail.html}${ics(mail)}`).not.toContain('Sore throat');
      expect(header(mail, 'list-unsubscribe')).toBeUndefined();
      const cal = ics(mail);
      expect(cal).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(cal).toContain('METHOD:PUBLISH');
      expect(cal).toContain(`UID:${b.appointment.id}@medora`);
      expect(cal).toContain('SEQUENCE:0');
      expect(cal).toContain(`DTSTART:${stamp(b.startsAt)}`);
      expect(cal).toMatch(/END:VEVENT\r\nEND:VCALENDAR\r\n$/);
    }
    const stored = await t.db.select().from(emailMessages).where(eq(emailMessages.appointmentId, b.appointment.id));
    expect(stored.map((m) => m.status).sort()).toEqual(['sent', 'sent']);
  });

  it('a 45-minute visit’s mailed and downloaded .ics end 45 minutes after the start, as the feed does', async () => {
    const b = await confirmedBooking(11, '11:00 AM');
    // The length booked with the visit (the doctor's length for its kind then).
    await t.db.update(appointments).set({ durationMinutes: 45 }).where(eq(appointments.id, b.appointment.id));
    await run();
    await sink.waitFor(2);
    const end = stamp(new Date(b.startsAt.getTime() + 45 * 60_000));
    for (const mail of [...to(b.patient.user.email), ...to(b.doctorUser.email)]) {
      expect(ics(mail)).toContain(`DTSTART:${stamp(b.startsAt)}`);
      expect(ics(mail)).toContain(`DTEND:${end}`);
    }
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/appointments/${b.appointment.id}/calendar.ics`,
      headers: { cookie: b.patient.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.body.replace(/\r\n[ \t]/g, '')).toContain(`DTEND:${end}`);
  });

  it("states the time in the patient's own zone when their profile names a country", async () => {
    const b = await pendingBooking(t.app, t.db, '10:00 AM', 12);
    await giveProfile(b.patient.user.id, 'United Kingdom');
    await payWithCard(t.app, b.patient.cookie, b.appointment.id);
    await run();
    await sink.waitFor(2);
    const start = await startOf(b.appointment.id);
    const [mail] = to(b.patient.user.email);
    expect(mail.text).toContain(localizedWhen('en', start, 'Europe/London', 'America/New_York'));
    expect(mail.text).toMatch(/ London time \(UTC\+[01]\) · \d{1,2}:\d{2} [AP]M New York time \(UTC−[45]\)/);
    expect(mail.text).toContain('Times are shown in London time, your time zone');
    expect(to(b.doctorUser.email)[0].text).toContain(localizedWhen('en', start, 'America/New_York', 'Europe/London'));
  });

  it('cancellation mails both sides with METHOD:CANCEL and a higher SEQUENCE, removes the reminders and reports the refund', async () => {
    const b = await confirmedBooking(9);
    const reminders = () =>
      t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.appointmentId, b.appointment.id), eq(jobs.kind, 'reminder')));
    expect(await reminders()).toHaveLength(4);
    await run();
    await sink.waitFor(2);
    sink.messages.length = 0;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${b.appointment.id}`,
      headers: { cookie: b.patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    expect(await reminders()).toHaveLength(0);
    await run();
    await sink.waitFor(3);
    const patientMails = to(b.patient.user.email);
    const cancelled = patientMails.find((m) => m.subject?.startsWith('Appointment cancelled'))!;
    const refunded = patientMails.find((m) => m.subject === 'Your payment was refunded')!;
    const doctorMail = to(b.doctorUser.email)[0];
    expect(doctorMail.subject).toMatch(/^Appointment cancelled/);
    for (const mail of [cancelled, doctorMail]) {
      const cal = ics(mail);
      expect(cal).toContain('METHOD:CANCEL');
      expect(cal).toContain('STATUS:CANCELLED');
      expect(cal).toContain('SEQUENCE:1');
      expect(cal).toContain(`UID:${b.appointment.id}@medora`);
      expect(mail.text).toContain(localizedWhen('en', b.startsAt, 'America/New_York'));
    }
    expect(refunded.text).toMatch(/We refunded \$150\b/);
    expect(refunded.text).toContain(localizedWhen('en', b.startsAt, 'America/New_York'));
    expect(ics(refunded)).toContain('METHOD:CANCEL');
  });
});

describe('reminders', () => {
  it('sends the 24 h and 1 h reminders when the clock reaches them, once', async () => {
    const b = await confirmedBooking(5, '02:00 PM');
    await run();
    await sink.waitFor(2);
    sink.messages.length = 0;
    clock.set(new Date(b.startsAt.getTime() - 24 * 3_600_000 - 60_000));
    await run();
    expect(sink.messages).toHaveLength(0);
    clock.advance(2 * 60_000);
    await run();
    await sink.waitFor(2);
    expect(to(b.patient.user.email)[0].subject).toMatch(/^Reminder: Video Call tomorrow/);
    expect(to(b.doctorUser.email)[0].text).toContain('starts in 24 hours');
    clock.set(new Date(b.startsAt.getTime() - 3_600_000 + 5 * 60_000));
    await run();
    await sink.waitFor(4);
    const hourly = to(b.patient.user.email).find((m) => m.subject?.includes('in 1 hour'))!;
    expect(hourly.text).toContain(localizedWhen('en', b.startsAt, 'America/New_York'));
    expect(ics(hourly)).toContain('METHOD:PUBLISH');
    await run();
    expect(sink.messages).toHaveLength(4);
  });

  it('drops a reminder that would be more than 15 minutes late, and records it', async () => {
    const b = await confirmedBooking(6, '03:00 PM');
    await run();
    await sink.waitFor(2);
    sink.messages.length = 0;
    clock.set(new Date(b.startsAt.getTime() - 24 * 3_600_000 + 16 * 60_000));
    await run();
    expect(sink.messages).toHaveLength(0);
    const dropped = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.appointmentId, b.appointment.id), eq(jobs.status, 'dropped')));
    expect(dropped).toHaveLength(2);
    expect(dropped[0].lastError).toMatch(/too late/);
  });

  it('states the right local time across a daylight-saving change', async () => {
    // US clocks go forward on 14 March 2027: the 24 h reminder goes out in EST for a visit in EDT.
    const days = Math.round((Date.UTC(2027, 2, 15) - Date.now()) / 86_400_000);
    const b = await pendingBooking(t.app, t.db, '10:00 AM', days);
    const start = await startOf(b.appointment.id);
    if (start.toISOString().slice(0, 10) !== '2027-03-15') return; // the booking horizon moved past it
    await giveProfile(b.patient.user.id, 'United Kingdom');
    await payWithCard(t.app, b.patient.cookie, b.appointment.id);
    await run();
    sink.messages.length = 0;
    clock.set(new Date(start.getTime() - 24 * 3_600_000));
    await run();
    await sink.waitFor(2);
    expect(to(b.doctorUser.email)[0].text).toContain(
      'Monday, March 15, 2027 at 10:00 AM New York time (UTC−4) · 2:00 PM London time (UTC+0)',
    );
    // London has not changed its clocks yet: 14:00 UTC is 2:00 PM there, UTC+0.
    expect(to(b.patient.user.email)[0].text).toContain(
      'Monday, March 15, 2027 at 2:00 PM London time (UTC+0) · 10:00 AM New York time (UTC−4)',
    );
  });
});

describe('marketing e-mail and one-click unsubscribe', () => {
  const marketing = async (userId: string) => {
    await t.db.transaction((tx) =>
      enqueueMarketingEmail(tx, userId, { subject: 'New specialists on Medora', message: 'Meet them.' }, clock.now()),
    );
    await run();
  };

  it('carries List-Unsubscribe headers; the link stops marketing mail only', async () => {
    const b = await pendingBooking(t.app, t.db, '11:00 AM', 14);
    const patient = b.patient.user;
    await marketing(patient.id);
    await sink.waitFor(1);
    const [mail] = sink.messages;
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /<([^>]+)>/.exec(String(header(mail, 'list-unsubscribe')))![1];
    expect(link.startsWith(`${ORIGIN}/api/email/unsubscribe?token=`)).toBe(true);
    expect(mail.text).toContain(link);
    const url = link.slice(ORIGIN.length);

    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/Unsubscribe from marketing e-mail\?/);
    const optOut = async () =>
      (await t.db.select({ v: users.marketingEmailOptOut }).from(users).where(eq(users.id, patient.id)))[0].v;
    expect(await optOut()).toBe(false);

    const post = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(await optOut()).toBe(true);

    sink.messages.length = 0;
    await marketing(patient.id);
    expect(sink.messages).toHaveLength(0);
    const [skipped] = await t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.userId, patient.id), eq(emailMessages.status, 'skipped')));
    expect(skipped.kind).toBe('campaign');

    // Transactional mail still arrives.
    await payWithCard(t.app, b.patient.cookie, b.appointment.id);
    await run();
    await sink.waitFor(2);
    expect(to(patient.email)[0].subject).toMatch(/^Appointment confirmed/);
  });

  it('refuses forged, cut or malformed tokens with 400 and changes nothing', async () => {
    const { user } = await signedInUser(t.db);
    const other = await signedInUser(t.db);
    await marketing(user.id);
    await sink.waitFor(1);
    const link = /<([^>]+)>/.exec(String(header(sink.messages[0], 'list-unsubscribe')))![1];
    const token = decodeURIComponent(link.split('token=')[1]);
    const [, signature] = token.split('.');
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const bad = [
      `${user.id}.${flipped}`,
      `${other.user.id}.${signature}`,
      user.id,
      `${user.id}.`,
      'not-a-token',
      `${token}.extra`,
    ];
    for (const candidate of bad) {
      const url = `/api/email/unsubscribe?token=${encodeURIComponent(candidate)}`;
      expect((await t.app.inject({ url })).statusCode, candidate).toBe(400);
      const post = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode, candidate).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/email/unsubscribe' })).statusCode).toBe(400);
    const flags = await t.db.select({ v: users.marketingEmailOptOut }).from(users).where(eq(users.id, user.id));
    const otherFlags = await t.db
      .select({ v: users.marketingEmailOptOut })
      .from(users)
      .where(eq(users.id, other.user.id));
    expect([flags[0].v, otherFlags[0].v]).toEqual([false, false]);
  });
});
