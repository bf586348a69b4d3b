import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCommission } from '@common/constants/platform';
import { earnings, ledgerEntries } from '../../db/schema';
import { doctorCancels, payWithCard, paymentFor, pendingBooking } from '../../test-support/booking-fixtures';
import { createTestApp, type TestContext } from '../../test-support/test-app';

/*
 * What the ledger says of a paid consultation's share and of its reversal (earnings/subscribers.ts),
 * leg by leg and named by kind, as an accountant reading `ledger_entries` would see them.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a paid consultation in the ledger', () => {
  it('splits the payment into the doctor’s share and the fee, and a refund puts both back', async () => {
    const { patient, appointment, doctor, doctorUser } = await pendingBooking(t.app, t.db);
    await payWithCard(t.app, patient.cookie, appointment.id);
    const [earning] = await t.db.select().from(earnings).where(eq(earnings.appointmentId, appointment.id));
    const fee = platformCommission(appointment.fee);
    const legs = async (key: string) =>
      (
        await t.db
          .select({ account: ledgerEntries.account, amount: ledgerEntries.amount, kind: ledgerEntries.kind })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.transferKey, key))
      ).sort((a, b) => a.account.localeCompare(b.account));

    expect(await legs(`earning:${earning.id}`)).toEqual(
      [
        { account: `doctor_payable:${doctor.id}`, amount: appointment.fee - fee, kind: 'earning_split' },
        { account: 'platform_fees', amount: fee, kind: 'earning_split' },
        { account: 'platform_revenue', amount: -appointment.fee, kind: 'earning_split' },
      ].sort((a, b) => a.account.localeCompare(b.account)),
    );

    const cancelled = await doctorCancels(t.app, t.db, appointment.id, doctorUser);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await paymentFor(t.db, appointment.id)).toMatchObject({ status: 'refunded' });
    expect(await legs(`earning_reversal:${earning.id}`)).toEqual(
      [
        { account: `doctor_payable:${doctor.id}`, amount: -(appointment.fee - fee), kind: 'earning_reversed' },
        { account: 'platform_fees', amount: -fee, kind: 'earning_reversed' },
        { account: 'platform_revenue', amount: appointment.fee, kind: 'earning_reversed' },
      ].sort((a, b) => a.account.localeCompare(b.account)),
    );
  });
});
