import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createAppointment } from '../../db/factories';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

const clock = fixedClock(new Date('2026-03-10T15:00:00Z'));
let sink: SmtpSink;
let t: TestContext;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, PUBLIC_ORIGIN: 'https://medora.test' },
    { clock },
  );
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const NOTES = {
  privateNotes: 'Consider thyroid panel if fatigue persists.',
  diagnosis: 'A viral sore throat that should clear up on its own.',
  advice: 'Rest, drink warm fluids, and take paracetamol for pain.',
  followUpDays: 14,
};

describe('a shared visit summary is announced to the patient', () => {
  it('with one bell and one e-mail that say only that it is ready, at the first share only', async () => {
    const doctor = await bookableDoctor(t.db, { user: { lastName: 'Okafor' } });
    const patient = await signedInUser(t.db, { firstName: 'Lena' });
    const a = await createAppointment(t.db, {
      patientId: patient.user.id,
      doctorId: doctor.doctor.id,
      startsAt: new Date('2026-03-09T14:00:00Z'),
      timeZone: 'America/New_York',
      status: 'completed',
    });
    const save = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/appointments/${a.id}/visit-notes`,
        headers: { cookie: doctor.cookie },
        payload,
      });
    const bells = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: patient.cookie } })
        ).json() as { type: string; title: string; message: string }[]
      ).filter((n) => n.type === 'visit_summary_shared');

    // A draft tells the patient nothing.
    expect((await save(NOTES)).statusCode).toBe(200);
    await t.app.jobWorker.runDue();
    expect(await bells()).toEqual([]);
    expect(sink.messages).toHaveLength(0);

    expect((await save({ ...NOTES, share: true })).statusCode).toBe(200);
    expect(await bells()).toEqual([
      expect.objectContaining({
        title: 'Visit Summary Ready',
        message: 'Dr. Okafor shared a summary of your visit. Open it on My Appointments.',
      }),
    ]);
    await t.app.jobWorker.runDue();
    const [mail] = await sink.waitFor(1);
    expect(JSON.stringify(mail.to)).toContain(patient.user.email);
    expect(mail.subject).toBe('Your visit summary is ready');
    expect(mail.text).toContain('Hello Lena,');
    expect(mail.text).toContain('https://medora.test/appointments');
    expect(mail.attachments).toEqual([]);
    const everything = `${mail.subject}\n${mail.text}\n${String(mail.html)}`;
    for (const secret of ['sore throat', 'paracetamol', 'thyroid', 'Okafor']) expect(everything).not.toContain(secret);

    // Editing the shared summary later announces nothing again.
    expect((await save({ ...NOTES, advice: 'Rest and drink fluids.', share: true })).statusCode).toBe(200);
    await t.app.jobWorker.runDue();
    expect(await bells()).toHaveLength(1);
    expect(sink.messages).toHaveLength(1);
  });
});
