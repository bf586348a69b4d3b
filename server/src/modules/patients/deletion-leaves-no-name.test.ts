import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppointment, createUser } from '../../db/factories';
import { careDocuments, emailMessages, jobs, notifications, visitNotes } from '../../db/schema';
import { book, bookableDoctor, localDate, payWithCard } from '../../test-support/booking-fixtures';
import { notificationIn } from '../notifications/texts';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'correct horse battery';
const FIRST = 'Zephyrine';
const LAST = 'Quillfeather';
const EMAIL = 'zephyrine.quillfeather@example.com';
const OLD_EMAIL = 'zq.earlier@example.org';

/**
 * What the privacy page keeps after deletion (common/constants/account-deletion.ts
 * KEPT_AFTER_DELETION) that may still name the person: the doctors' medical records of past
 * visits, written by the doctor in their own words, and the documents they issued, as issued
 * (decision 094). Everything else is searched.
 */
const KEPT_BY_LAW = new Set(['visit_notes', 'care_documents']);

/** The rows of a raw query, on either driver. */
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** Every text, varchar and json column of every table in the app's schema. */
async function textColumns() {
  const rows = await rowsOf<{ table_name: string; column_name: string }>(
    t.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
      and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
    order by table_name, column_name`),
  );
  return rows.filter((r) => !KEPT_BY_LAW.has(r.table_name));
}

/** "table.column: value" for every cell that contains any needle (case-insensitive). */
async function cellsNaming(needles: string[]) {
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of await textColumns()) {
    const matches = sql.join(
      needles.map((n) => sql`${sql.identifier(column)}::text ilike ${`%${n}%`}`),
      sql` or `,
    );
    const rows = await rowsOf<{ v: string }>(
      t.db.execute(
        sql`select ${sql.identifier(column)}::text as v from ${sql.identifier(table)} where ${matches} limit 3`,
      ),
    );
    for (const row of rows) found.push(`${table}.${column}: ${row.v.slice(0, 200)}`);
  }
  return found;
}

describe('after deletion no row names the person beyond what the privacy page keeps', () => {
  it('scrubs the doctor’s notifications, finished jobs, old addresses and goodwill reasons; the audit keeps ids', async () => {
    const user = await createUser(t.db, { password, firstName: FIRST, lastName: LAST, email: EMAIL });
    const cookie = await cookieFor(t.db, user);
    const { doctor, user: doctorUser, cookie: doctorCookie } = await bookableDoctor(t.db);

    // An upcoming paid visit (the doctor's bell names the patient) and a past one with notes.
    const booked = await book(t.app, cookie, { doctorId: doctor.id, appointmentDate: localDate(9) });
    expect(booked.statusCode, booked.body).toBe(201);
    const paid = await payWithCard(t.app, cookie, booked.json().id);
    expect(paid.confirm.statusCode, paid.confirm.body).toBe(200);
    const past = await createAppointment(t.db, {
      patientId: user.id,
      doctorId: doctor.id,
      startsAt: new Date(Date.now() - 20 * 86_400_000),
      status: 'completed',
    });
    await t.db.insert(visitNotes).values({ appointmentId: past.id, privateNotes: `${FIRST} is doing well` });
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/doctor/appointments/${past.id}/prescriptions`,
      headers: { cookie: doctorCookie },
      payload: {
        items: [{ medication: 'Amoxicillin 500 mg', dose: '1 capsule', frequency: 'daily', durationDays: 7 }],
      },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const prescription = issued.json<{ id: string; code: string }>();

    // Mail went out (finished jobs, stored copies); an earlier address is in finished jobs' payloads.
    await t.app.jobWorker.runDue();
    const finished = { kind: 'email' as const, status: 'done' as const, runAt: new Date(), maxAttempts: 5 };
    await t.db.insert(jobs).values([
      { ...finished, payload: { kind: 'email_changed', userId: user.id, oldEmail: OLD_EMAIL, newEmail: EMAIL, v: 1 } },
      { ...finished, payload: { kind: 'password_reset', email: OLD_EMAIL.toUpperCase(), v: 1 } },
      {
        ...finished,
        status: 'dead',
        payload: { kind: 'email_change_verify', userId: user.id, newEmail: EMAIL, v: 1 },
        lastError: `550 mailbox ${EMAIL} unavailable`,
      },
    ]);
    await t.db.insert(emailMessages).values({
      kind: 'password_reset',
      toAddress: OLD_EMAIL,
      subject: 'Reset your Medora password',
      textBody: `Hello ${FIRST}`,
      htmlBody: `<p>Hello ${FIRST}</p>`,
      status: 'stored',
    });

    // A goodwill credit whose reason names them.
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const credit = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/wallet-credits`,
      headers: { cookie: admin.cookie },
      payload: { amount: 1500, reason: `Sorry ${FIRST} ${LAST}, the doctor was late` },
    });
    expect(credit.statusCode, credit.body).toBe(200);

    const doctorBell = () => t.db.select().from(notifications).where(eq(notifications.userId, doctorUser.id));
    expect(JSON.stringify(await doctorBell())).toContain(LAST);
    const needles = [FIRST, LAST, EMAIL, OLD_EMAIL];
    expect((await cellsNaming(needles)).length).toBeGreaterThan(5);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/me/delete',
      headers: { cookie },
      payload: { password },
    });
    expect(res.statusCode, res.body).toBe(204);
    // What the deletion queued (the refund, the doctor's cancellation mail) runs too.
    await t.app.jobWorker.runDue();

    expect(await cellsNaming(needles)).toEqual([]);
    // The doctor still learns the slot is free, and still has their bell: it just names no one.
    const bell = await doctorBell();
    expect(bell.map((n) => n.type).sort()).toEqual(['appointment_booking', 'appointment_cancelled']);
    expect(bell.every((n) => notificationIn('en', n).message.includes('Deleted User'))).toBe(true);
    // The medical record the law keeps is kept as the doctor wrote it.
    const [notes] = await t.db.select().from(visitNotes).where(eq(visitNotes.appointmentId, past.id));
    expect(notes.privateNotes).toBe(`${FIRST} is doing well`);
    // So is the prescription: its code still checks out for whoever holds the paper, and its doctor
    // still downloads it as issued, the patient's name on it.
    const verified = await t.app.inject({ method: 'GET', url: `/api/verify/${prescription.code}` });
    expect(verified.json()).toMatchObject({ status: 'valid', kind: 'prescription' });
    const [kept] = await t.db.select().from(careDocuments).where(eq(careDocuments.id, prescription.id));
    expect(JSON.stringify(kept.content)).toContain(LAST);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/care-documents/${prescription.id}/pdf`,
      headers: { cookie: doctorCookie },
    });
    expect(pdf.statusCode).toBe(200);
  });
});
