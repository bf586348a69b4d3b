import { createCipheriv, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { compactAccount, lastFour } from '@common/rules/bank-account';
import type { PayoutAccount, PayoutAccountBody, PayoutSummary } from '@common/schemas/receipts';
import type { Db } from '../../db/client';
import { doctorPayoutAccounts, doctors, payouts } from '../../db/schema';
import { localizedError } from '../../core/errors';
import { ownDoctorRow } from '../doctor-record/rows';
import { account, balances } from '../ledger/ledger';
import { signingKey } from '../platform/signing-keys';

const present = (row: typeof doctorPayoutAccounts.$inferSelect): PayoutAccount => ({
  kind: row.kind,
  country: row.country,
  holderName: row.holderName,
  last4: row.last4,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * AES-256-GCM under a stored key: the number never sits in the table (or a dump of it) in the
 * clear. The key lives in signing_keys, so this guards against a leaked table or export, not a
 * leaked database; a KMS key is the production upgrade (docs/receipts-and-payouts.md).
 */
async function seal(db: Db, plain: string): Promise<string> {
  const key = await signingKey(db, 'payout-account-encryption');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

export async function payoutAccountOf(db: Db, userId: string): Promise<PayoutAccount | null> {
  const doctor = await ownDoctorRow(db, userId);
  if (!doctor) return null;
  const [row] = await db.select().from(doctorPayoutAccounts).where(eq(doctorPayoutAccounts.doctorId, doctor.id));
  return row ? present(row) : null;
}

/**
 * Stores the doctor's validated account (the body schema ran the bank checks; the route checked
 * the password), replacing any earlier one. Later payouts go to it, and so do payouts requested and
 * not yet paid: a pending payout follows the current account (decision 068), so the digits it
 * shows are the account it will really be paid to. Only the last four characters are kept
 * readable, also as the doctor's payout digits that payouts copy. `inTransaction` runs with the
 * change (the audit row and the e-mail), so all commit together.
 */
export async function savePayoutAccount(
  db: Db,
  userId: string,
  body: PayoutAccountBody,
  inTransaction: (tx: Db, saved: PayoutAccount) => Promise<void> = async () => {},
): Promise<PayoutAccount> {
  const doctor = await ownDoctorRow(db, userId);
  if (!doctor) throw localizedError('bad_request', 'errors.setUpDoctorProfile');
  const number = body.kind === 'iban' ? compactAccount(body.iban!) : compactAccount(body.accountNumber!);
  const stored = body.kind === 'iban' ? number : `${compactAccount(body.routingNumber!)}:${number}`;
  const values = {
    kind: body.kind,
    country: body.kind === 'iban' ? number.slice(0, 2) : 'US',
    holderName: body.holderName, // trimmed by its schema (text())
    accountEncrypted: await seal(db, stored),
    last4: lastFour(number),
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(doctorPayoutAccounts)
      .values({ doctorId: doctor.id, ...values })
      .onConflictDoUpdate({ target: doctorPayoutAccounts.doctorId, set: values })
      .returning();
    await tx.update(doctors).set({ payoutAccountLast4: values.last4 }).where(eq(doctors.id, doctor.id));
    await tx
      .update(payouts)
      .set({ bankAccount: values.last4 })
      .where(and(eq(payouts.doctorId, doctor.id), eq(payouts.status, 'pending')));
    const saved = present(row);
    await inTransaction(tx, saved);
    return saved;
  });
}

/**
 * Owed and paid from the money ledger (the same accounts the administrators' payouts move), and
 * the part of what is owed already in a requested payout.
 */
export async function payoutSummary(db: Db, userId: string): Promise<PayoutSummary> {
  const doctor = await ownDoctorRow(db, userId);
  if (!doctor) return { owed: 0, inPayout: 0, paidOut: 0 };
  const payable = account.doctorPayable(doctor.id);
  const paid = account.doctorPaidOut(doctor.id);
  const ledger = await balances(db, [payable, paid]);
  const requested = await db
    .select({ amount: payouts.amount, status: payouts.status })
    .from(payouts)
    .where(eq(payouts.doctorId, doctor.id));
  return {
    owed: ledger.get(payable) ?? 0,
    inPayout: requested.filter((p) => p.status === 'pending').reduce((sum, p) => sum + p.amount, 0),
    paidOut: ledger.get(paid) ?? 0,
  };
}
