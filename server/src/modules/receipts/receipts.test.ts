// Numbered receipts: issued once per succeeded payment (consultations and outbreak reports), gap-free
// under concurrent payments, only the buyer's own, and a PDF that says who sold what to whom, when.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { receipts } from '../../db/schema';
import { paymentFor, pendingBooking, payWithCard } from '../../test-support/booking-fixtures';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { issueMissingReceipts } from './backfill';
import { numberOf } from './numbering';

// Late evening in UTC is already the next day in Berlin: the receipt's date must follow the buyer.
const clock = fixedClock(new Date('2026-11-26T23:30:00Z'));
let t: TestContext;
let dir: string;

beforeAll(async () => {
  t = await createTestApp(
    {
      OPERATOR_NAME: 'Medora Health Ltd',
      OPERATOR_ADDRESS: '1 Harbour Street, Dublin',
      OPERATOR_EMAIL: 'billing@medora.example',
    },
    { clock },
  );
  dir = mkdtempSync(path.join(tmpdir(), 'medora-receipt-'));
  const admin = await signedInUser(t.db, { userType: 'admin' });
  await t.app.inject({ method: 'POST', url: '/api/outbreak/sync', headers: { cookie: admin.cookie } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (cookie: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

function pdfText(pdf: Buffer, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function paidConsultation() {
  const booked = await pendingBooking(t.app, t.db);
  const paid = await payWithCard(t.app, booked.patient.cookie, booked.appointment.id);
  expect(paid.confirm.statusCode, paid.confirm.body).toBe(200);
  return booked;
}

async function buyReport(cookie: string) {
  const intent = await post(cookie, '/api/outbreak/pdf-report/payment', {
    reportType: 'summary',
    medicalProfessional: true,
    // The bundled snapshot is older than 30 days: the buyer accepts that (decision 051).
    acceptOutOfDateData: true,
  });
  const { clientSecret, paymentIntentId } = intent.json();
  await post(cookie, '/api/payments/simulated/confirm-card', {
    clientSecret,
    card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
  });
  return post(cookie, '/api/outbreak/pdf-report/confirm', { paymentIntentId });
}

const receiptIdOf = async (cookie: string, appointmentId: string) => {
  const list = (await get(cookie, '/api/appointments/patient')).json() as {
    id: string;
    payment: { receiptId: string };
  }[];
  return list.find((a) => a.id === appointmentId)!.payment.receiptId;
};

describe('numbering', () => {
  it('gives every payment one number, gap-free and never repeated, however many pay at once', async () => {
    const bookings = await Promise.all(Array.from({ length: 12 }, () => pendingBooking(t.app, t.db)));
    const buyers = await Promise.all(Array.from({ length: 4 }, () => signedInUser(t.db)));
    const [paid, reports] = await Promise.all([
      Promise.all(bookings.map((b) => payWithCard(t.app, b.patient.cookie, b.appointment.id))),
      Promise.all(buyers.map((b) => buyReport(b.cookie))),
    ]);
    const statuses = [...paid.map((p) => p.confirm.statusCode), ...reports.map((r) => r.statusCode)];
    expect(statuses).toEqual(statuses.map(() => 200));
    const issued = await t.db.select().from(receipts);
    // Replayed confirmations (a second tab, a webhook) take no second number.
    const replays = await Promise.all([
      post(bookings[0].patient.cookie, '/api/payments/confirm', { paymentIntentId: paid[0].paymentIntentId }),
      post(bookings[0].patient.cookie, '/api/payments/confirm', { paymentIntentId: paid[0].paymentIntentId }),
    ]);
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await t.db.select().from(receipts)).toHaveLength(issued.length);

    const rows = await t.db.select().from(receipts).where(eq(receipts.year, 2026));
    expect(rows.length).toBeGreaterThanOrEqual(16);
    const sequences = rows.map((r) => r.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
    for (const b of bookings) expect(await receiptIdOf(b.patient.cookie, b.appointment.id)).toMatch(/^[0-9a-f-]{36}$/);
    const numbers = rows.map((r) => r.number);
    expect(numbers.every((n) => /^MED-2026-\d{6}$/.test(n))).toBe(true);
  });

  it('writes the year and the sequence padded to six digits, and all the digits past 999,999', async () => {
    const written = async (sequence: number) => {
      const result = await t.db.execute(sql`select ${numberOf(2026, sql`${sequence}::int`)} as number`);
      return (result as unknown as { rows: { number: string }[] }).rows[0].number;
    };
    expect([await written(1), await written(999_999), await written(1_234_567)]).toEqual([
      'MED-2026-000001',
      'MED-2026-999999',
      'MED-2026-1234567',
    ]);
  });

  it('is on the report in the reports list as on the appointment', async () => {
    const buyer = await signedInUser(t.db);
    const confirm = await buyReport(buyer.cookie);
    const receiptId = confirm.json().reportData.receiptId;
    expect(receiptId).toMatch(/^[0-9a-f-]{36}$/);
    const [listed] = (await get(buyer.cookie, '/api/outbreak/reports')).json();
    expect(listed.receiptId).toBe(receiptId);
    const pdf = await get(buyer.cookie, `/api/receipts/${receiptId}/pdf`);
    const text = pdfText(pdf.rawPayload, 'report');
    expect(text).toContain('Outbreak monitoring PDF report: Summary');
    expect(text).toContain('$49.99');
  });

  it('gives payments from before receipts existed theirs once, even from two instances at once', async () => {
    const booked = await paidConsultation();
    const buyer = await signedInUser(t.db);
    const report = await buyReport(buyer.cookie);
    const payment = await paymentFor(t.db, booked.appointment.id);
    // As if paid before migration 0040: no receipt rows.
    await t.db.delete(receipts).where(eq(receipts.paymentId, payment.id));
    await t.db.delete(receipts).where(eq(receipts.id, report.json().reportData.receiptId));
    expect(await receiptIdOf(booked.patient.cookie, booked.appointment.id)).toBeFalsy();

    const runs = await Promise.all([issueMissingReceipts(t.db, clock.now()), issueMissingReceipts(t.db, clock.now())]);
    expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(2);
    expect(await issueMissingReceipts(t.db, clock.now())).toBe(0);
    const mine = await t.db.select().from(receipts).where(eq(receipts.paymentId, payment.id));
    expect(mine).toHaveLength(1);
    const [listed] = (await get(buyer.cookie, '/api/outbreak/reports')).json();
    expect(listed.receiptId).toMatch(/^[0-9a-f-]{36}$/);
    const receiptId = await receiptIdOf(booked.patient.cookie, booked.appointment.id);
    const pdf = await get(booked.patient.cookie, `/api/receipts/${receiptId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload, 'backfilled')).toContain(mine[0].number);
  });
});

describe('GET /api/receipts/:id/pdf', () => {
  it('is the buyer’s alone: 404 to another patient and to the doctor, 401 signed out', async () => {
    const { patient, doctorUser, appointment } = await paidConsultation();
    const id = await receiptIdOf(patient.cookie, appointment.id);
    const other = await signedInUser(t.db);
    expect((await get(other.cookie, `/api/receipts/${id}/pdf`)).statusCode).toBe(404);
    expect((await get(other.cookie, '/api/receipts')).json()).toEqual([]);
    // The appointment's own doctor sees the visit, not the patient's receipt.
    expect((await get(await cookieFor(t.db, doctorUser), `/api/receipts/${id}/pdf`)).statusCode).toBe(404);
    expect((await get(undefined, `/api/receipts/${id}/pdf`)).statusCode).toBe(401);
    expect((await get(other.cookie, '/api/receipts/not-a-uuid/pdf')).statusCode).toBe(400);
    expect((await get(patient.cookie, '/api/receipts')).json().map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('shows number, seller, buyer, item, amount, the tax line and the date in the buyer’s zone', async () => {
    const { patient, appointment } = await paidConsultation();
    const id = await receiptIdOf(patient.cookie, appointment.id);
    const res = await get(patient.cookie, `/api/receipts/${id}/pdf?timeZone=Europe/Berlin`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = pdfText(res.rawPayload, 'consultation');
    const [row] = await t.db.select().from(receipts).where(eq(receipts.id, id));
    expect(text).toContain(row.number);
    expect(text).toContain('Medora Health Ltd');
    expect(text).toContain('1 Harbour Street, Dublin');
    expect(text).toContain('Nia Reyes');
    expect(text).toMatch(/Video Call consultation with Dr\. /);
    expect(text).toContain('$150.00');
    expect(text).toMatch(/VAT \(0%\)\s+\$0\.00 \(VAT not charged\)/);
    expect(text).toContain('Friday, November 27, 2026, 12:30 AM Berlin time');

    const utc = pdfText((await get(patient.cookie, `/api/receipts/${id}/pdf`)).rawPayload, 'utc');
    expect(utc).toContain('Thursday, November 26, 2026, 11:30 PM UTC');
    const badZone = await get(patient.cookie, `/api/receipts/${id}/pdf?timeZone=Mars/Olympus`);
    expect(badZone.statusCode).toBe(400);
    expect((await get(patient.cookie, `/api/receipts/${id}/pdf?timeZone=%00`)).statusCode).toBe(400);
  });
});

describe('where receipts are counted', () => {
  it('the data export lists the patient’s receipts', async () => {
    const { patient, appointment } = await paidConsultation();
    const id = await receiptIdOf(patient.cookie, appointment.id);
    const exported = (await get(patient.cookie, '/api/patients/me/export')).json();
    expect(exported.receipts).toEqual([
      expect.objectContaining({ id, amount: 15000, taxAmount: 0, pdfUrl: `/api/receipts/${id}/pdf` }),
    ]);
  });

  it('admin payments carry the receipt number and revenue counts report sales from the ledger', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const before = (await get(admin.cookie, '/api/admin/stats')).json();
    const { patient, appointment } = await paidConsultation();
    await buyReport(patient.cookie);
    const after = (await get(admin.cookie, '/api/admin/stats')).json();
    expect(after.totalRevenue - before.totalRevenue).toBe(15000 + 4999);
    expect(after.receiptsIssued - before.receiptsIssued).toBe(2);
    const id = await receiptIdOf(patient.cookie, appointment.id);
    const [row] = await t.db.select().from(receipts).where(eq(receipts.id, id));
    const page = (await get(admin.cookie, `/api/admin/payments?q=${row.paymentId}`)).json();
    expect(page.items[0].receiptNumber).toBe(row.number);
  });
});
