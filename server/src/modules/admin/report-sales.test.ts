import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PRICES } from '@common/constants/outbreak';
import { fixedClock } from '../../core/clock';
import { ledgerEntries } from '../../db/schema';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { account } from '../ledger/ledger';

const clock = fixedClock(new Date('2026-03-10T09:00:00Z'));
let t: TestContext;
let admin: { cookie: string };
let buyer: { user: { id: string; email: string }; cookie: string };

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await signedInUser(t.db, { userType: 'admin' });
  buyer = await signedInUser(t.db, { firstName: 'Rhea', lastName: 'Buyer' });
  const synced = await t.app.inject({ method: 'POST', url: '/api/outbreak/sync', headers: { cookie: admin.cookie } });
  expect(synced.statusCode).toBe(200);
});
afterAll(() => t.close());

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

/** A purchase as the buyer makes it: intent, card, confirm. */
async function buy(reportType: string) {
  const intent = await call(buyer.cookie, 'POST', '/api/outbreak/pdf-report/payment', {
    reportType,
    medicalProfessional: true,
    acceptOutOfDateData: true,
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret, paymentIntentId } = intent.json();
  const paid = await call(buyer.cookie, 'POST', '/api/payments/simulated/confirm-card', {
    clientSecret,
    card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const confirm = await call(buyer.cookie, 'POST', '/api/outbreak/pdf-report/confirm', { paymentIntentId });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return (confirm.json() as { reportData: { id: string } }).reportData;
}

describe('admin report sales', () => {
  it('lists a paid report sale with its tier, buyer, amount and receipt, matching the ledger', async () => {
    const sale = await buy('full');
    // One left at checkout: listed as pending, and no money in the ledger for it.
    const pending = await call(buyer.cookie, 'POST', '/api/outbreak/pdf-report/payment', {
      reportType: 'summary',
      medicalProfessional: true,
      acceptOutOfDateData: true,
    });
    expect(pending.statusCode).toBe(200);

    const res = await call(admin.cookie, 'GET', `/api/admin/report-sales?q=${encodeURIComponent(buyer.user.email)}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(2);
    const paidRow = page.items.find((r: { id: string }) => r.id === sale.id);
    expect(paidRow).toMatchObject({
      buyerName: 'Rhea Buyer',
      buyerEmail: buyer.user.email,
      tier: 'full',
      amount: REPORT_PRICES.full,
      status: 'paid',
      purchasedAt: clock.now().toISOString(),
    });
    expect(paidRow.receiptNumber).toMatch(/^MED-/);
    expect(page.items.find((r: { id: string }) => r.id !== sale.id)).toMatchObject({
      tier: 'summary',
      status: 'pending',
      receiptNumber: null,
    });

    // The paid rows are exactly the report revenue the ledger holds for this buyer's sales.
    const ids = page.items.map((r: { id: string }) => `report:${r.id}`);
    const entries = await t.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, account.reportRevenue), inArray(ledgerEntries.transferKey, ids)));
    const paidSum = page.items
      .filter((r: { status: string }) => r.status === 'paid')
      .reduce((sum: number, r: { amount: number }) => sum + r.amount, 0);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(paidSum);

    const onlyPaid = await call(admin.cookie, 'GET', `/api/admin/report-sales?q=${buyer.user.email}&status=paid`);
    expect(onlyPaid.json().items.map((r: { id: string }) => r.id)).toEqual([sale.id]);
    const paged = await call(admin.cookie, 'GET', `/api/admin/report-sales?q=${buyer.user.email}&pageSize=1&page=2`);
    expect(paged.json()).toMatchObject({ total: 2, page: 2 });
    expect(paged.json().items).toHaveLength(1);
  });

  it('refuses patients and doctors, and bad filters change nothing', async () => {
    const doctor = await signedInUser(t.db, { userType: 'doctor' });
    expect((await call(buyer.cookie, 'GET', '/api/admin/report-sales')).statusCode).toBe(403);
    expect((await call(doctor.cookie, 'GET', '/api/admin/report-sales')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/report-sales' })).statusCode).toBe(401);
    expect((await call(admin.cookie, 'GET', '/api/admin/report-sales?status=weird')).statusCode).toBe(400);
    expect((await call(admin.cookie, 'GET', '/api/admin/report-sales?pageSize=0')).statusCode).toBe(400);
  });
});
