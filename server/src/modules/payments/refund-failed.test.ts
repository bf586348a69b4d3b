import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { auditEvents, emailMessages, jobs, ledgerEntries, payments } from '../../db/schema';
import type { PaymentProvider, Refund } from '../../payments/provider';
import { bookedPayment } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { balances } from '../ledger/ledger';
import { REFUND_RETRY_AFTER_MS } from './refund-retry';
import { REFUND_MAX_FAILURES } from './refunds';

/**
 * Issue 38, item 2: a card refund the processor will not make no longer stays refund_pending,
 * asked about every 5 minutes forever. It ends in refund_failed with its money in the
 * refunds_failed account, an alert in the log and in every administrator's inbox, and a queue in
 * the console where an administrator retries it or resolves it by hand.
 */
const asked: { intentId: string; key: string }[] = [];
let answer: (intentId: string) => Refund['status'] | Error = () => 'pending';
const provider = {
  name: 'simulated',
  publishableKey: null,
  refund: async (intentId: string, key: string) => {
    asked.push({ intentId, key });
    const status = answer(intentId);
    if (status instanceof Error) throw status;
    return { id: `re_${intentId}_${asked.length}`, status, amount: 15000 };
  },
} as unknown as PaymentProvider;

const logLines: string[] = [];
const clock = fixedClock(new Date());
let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'warn' },
    { clock, payments: provider, logStream: { write: (line: string) => void logLines.push(line) } },
  );
  admin = await signedInUser(t.db, { userType: 'admin', firstName: 'Ada' });
});
afterAll(() => t.close());
beforeEach(async () => {
  asked.length = 0;
  logLines.length = 0;
  answer = () => 'pending';
  await t.db.delete(jobs).where(eq(jobs.kind, 'refund_retry'));
});

/** A card payment whose refund was asked for a sweep ago and is still pending at the processor. */
const refundPendingPayment = () =>
  bookedPayment(t.app, t.db, {
    status: 'refund_pending',
    updatedAt: new Date(clock.now().getTime() - REFUND_RETRY_AFTER_MS),
  });

const paymentOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
const sweep = async () => {
  await t.app.jobWorker.ensureScheduled();
  clock.advance(REFUND_RETRY_AFTER_MS);
  await t.app.jobWorker.runDue();
};
const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = admin.cookie) =>
  t.app.inject({ method, url, headers: { cookie }, payload });
const ledgerOf = async (paymentId: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId))).map((e) => [
    e.transferKey.replace(paymentId, 'P'),
    e.kind,
    e.account,
    e.amount,
  ]);

describe('a card refund that fails', () => {
  it('the processor answers failed: refund_failed, the money in refunds_failed, the alert logged and mailed', async () => {
    const { payment, patient } = await refundPendingPayment();
    answer = () => 'failed';
    const before = (await balances(t.db, ['refunds_failed'])).get('refunds_failed') ?? 0;
    await sweep();

    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'refund_failed',
      refundFailures: 1,
      providerRefundId: `re_${payment.providerIntentId}_1`,
    });
    const said = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'refund failed at the provider');
    expect(said).toMatchObject({ paymentId: payment.id, refundId: `re_${payment.providerIntentId}_1` });
    expect(await ledgerOf(payment.id)).toEqual([
      ['refund_failed:P:0', 'card_refund_failed', 'refunds_pending', -15000],
      ['refund_failed:P:0', 'card_refund_failed', 'refunds_failed', 15000],
    ]);
    expect((await balances(t.db, ['refunds_failed'])).get('refunds_failed')).toBe(before + 15000);

    // Asking again would only return the same failed refund: the sweep leaves it alone.
    asked.length = 0;
    await sweep();
    expect(asked).toEqual([]);

    const alert = logLines.map((l) => JSON.parse(l)).find((l) => l.alert === 'refund_failed');
    expect(alert).toMatchObject({
      paymentId: payment.id,
      amount: 15000,
      category: 'payments',
      // An operator reading the log learns where the refund now waits.
      msg: expect.stringContaining('failed-refunds queue'),
    });
    // The log line names the payment and the amount, nobody and nothing of the visit.
    expect(JSON.stringify(alert)).not.toContain(patient.user.email);

    const [mail] = await t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.kind, 'refund_failed'), eq(emailMessages.userId, admin.user.id)));
    expect(mail).toMatchObject({ toAddress: admin.user.email, subject: 'A card refund failed' });
    expect(mail.textBody).toContain('$150');
    expect(mail.textBody).toContain(payment.id.slice(0, 8));
    expect(mail.textBody).not.toContain(patient.user.email);
    expect(mail.textBody).not.toContain(patient.user.lastName);
  });

  it(`an unreachable processor is asked ${REFUND_MAX_FAILURES} times, then the refund is given up`, async () => {
    const { payment } = await refundPendingPayment();
    answer = () => new Error('processor unreachable');
    for (let i = 1; i < REFUND_MAX_FAILURES; i++) await sweep();
    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'refund_pending',
      refundFailures: REFUND_MAX_FAILURES - 1,
    });
    await sweep();
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'refund_failed', refundFailures: REFUND_MAX_FAILURES });
    expect(asked.every((a) => a.key === `refund-${payment.id}`)).toBe(true);
  });
});

describe('the administrators’ queue of refunds that failed', () => {
  it('lists them for administrators only; a retry asks under a new key and completes the refund', async () => {
    const { payment, patient } = await refundPendingPayment();
    answer = () => 'failed';
    await sweep();

    expect((await call('GET', '/api/admin/refunds/failed', undefined, patient.cookie)).statusCode).toBe(403);
    const list = await call('GET', '/api/admin/refunds/failed?pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().items.find((r: { paymentId: string }) => r.paymentId === payment.id);
    expect(row).toMatchObject({ amount: 15000, failures: 1, retries: 0, patientId: patient.user.id });

    answer = () => 'succeeded';
    asked.length = 0;
    const retried = await call('POST', `/api/admin/refunds/${payment.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'refunded', refundedAmount: 15000 });
    expect(asked).toEqual([{ intentId: payment.providerIntentId, key: `refund-${payment.id}-1` }]);
    expect(await ledgerOf(payment.id)).toEqual(
      expect.arrayContaining([
        ['refund_retried:P:1', 'card_refund_retried', 'refunds_failed', -15000],
        ['refund_retried:P:1', 'card_refund_retried', 'refunds_pending', 15000],
        ['refund_paid:P', 'card_refund_paid', 'refunds_pending', -15000],
        ['refund_paid:P', 'card_refund_paid', `patient_card:${patient.user.id}`, 15000],
      ]),
    );
    const after = (await call('GET', '/api/admin/refunds/failed?pageSize=100')).json();
    expect(after.items.map((r: { paymentId: string }) => r.paymentId)).not.toContain(payment.id);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.refund_retry'), eq(auditEvents.targetId, payment.id)));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      subjectUserId: patient.user.id,
      targetType: 'payment',
      before: { status: 'refund_failed' },
      after: { status: 'refund_pending', round: 1 },
    });

    // Done: nothing left to retry or resolve, and the refusal says why.
    const again = await call('POST', `/api/admin/refunds/${payment.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This refund has not failed: the payment is refunded.');
    expect((await call('POST', `/api/admin/refunds/${payment.id}/resolve`, { note: 'x' })).statusCode).toBe(409);
  });

  it('a retry that fails again goes back to the queue, with its own ledger transfers', async () => {
    const { payment } = await refundPendingPayment();
    answer = () => 'failed';
    await sweep();
    const retried = await call('POST', `/api/admin/refunds/${payment.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'refund_failed', refundRetries: 1 });
    expect((await ledgerOf(payment.id)).map(([key]) => key)).toEqual([
      'refund_failed:P:0',
      'refund_failed:P:0',
      'refund_retried:P:1',
      'refund_retried:P:1',
      'refund_failed:P:1',
      'refund_failed:P:1',
    ]);
  });

  it('resolve closes one by hand with a note: refunded, the money leaves refunds_failed, audited', async () => {
    const { payment, patient } = await refundPendingPayment();
    answer = () => 'failed';
    await sweep();
    const url = `/api/admin/refunds/${payment.id}/resolve`;
    for (const bad of [{}, { note: '' }, { note: '   ' }, { note: 'x'.repeat(501) }, { note: 'a\u0000' }]) {
      expect((await call('POST', url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('POST', url, { note: 'x' }, patient.cookie)).statusCode).toBe(403);
    const unknown = await call('POST', '/api/admin/refunds/00000000-0000-4000-8000-000000000000/resolve', {
      note: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Payment not found.');
    expect((await call('POST', '/api/admin/refunds/not-a-uuid/retry')).statusCode).toBe(400);
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'refund_failed' });

    const note = 'Refunded by bank transfer, reference 88812';
    const resolved = await call('POST', url, { note });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'refunded', refundedAmount: 15000, refundNote: note });
    expect(await ledgerOf(payment.id)).toEqual(
      expect.arrayContaining([
        ['refund_resolved:P', 'card_refund_resolved', 'refunds_failed', -15000],
        ['refund_resolved:P', 'card_refund_resolved', `patient_card:${patient.user.id}`, 15000],
      ]),
    );
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.refund_resolve'), eq(auditEvents.targetId, payment.id)));
    expect(audit).toMatchObject({ targetType: 'payment', targetId: payment.id, before: { status: 'refund_failed' } });
    expect(audit.after).toMatchObject({ status: 'refunded', amount: 15000, note });
    // The patient hears that the refund is done.
    const told = await t.db.select().from(jobs).where(eq(jobs.appointmentId, payment.appointmentId!));
    expect(told.map((j) => (j.payload as { kind?: string }).kind)).toContain('booking_refunded');
    expect((await call('POST', url, { note })).statusCode).toBe(409);
  });
});

describe('a retry from the queue while the processor cannot be reached', () => {
  it('answers with the payment pending again, counts the failure, and warns the operators naming the payment', async () => {
    const { payment } = await refundPendingPayment();
    answer = () => 'failed';
    await sweep();
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'refund_failed' });

    answer = () => new Error('connect ECONNREFUSED');
    logLines.length = 0;
    const retried = await call('POST', `/api/admin/refunds/${payment.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'refund_pending' });
    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'refund_pending',
      refundFailures: 1,
      refundRetries: 1,
    });
    const warned = logLines
      .map((l) => JSON.parse(l) as { level: number; msg: string; paymentId?: string; category?: string })
      .filter((l) => l.level === 40);
    expect(warned).toEqual([
      expect.objectContaining({
        msg: 'retried refund not settled; the sweep asks again',
        paymentId: payment.id,
        category: 'payments',
      }),
    ]);
  });
});
