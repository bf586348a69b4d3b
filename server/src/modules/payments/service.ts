import { randomUUID } from 'node:crypto';
import { and, eq, ne, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SETTLED_PAYMENT_STATUSES, type PaymentStatus } from '@common/constants/statuses';
import { formatMoney } from '@common/rules/fees';
import { WALLET_PROVIDER } from '@common/constants/wallet';
import type { ConfirmReply, IntentReply } from '@common/schemas/payments';
import type { Db } from '../../db/client';
import { appointments, payments } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import type { PaymentIntent, PaymentProvider } from '../../payments/provider';
import { notifyConfirmed } from '../appointments/messages';
import { loadAppointment } from '../appointments/queries';
import { recordPendingEarning } from '../earnings/transitions';
import { hasSpecialist, matchSpecialist, payableSpecialty } from './matching';
import { refundPayment } from './refunds';
import { onPatientPaid } from '../referrals/rewards';
import { debitWalletPart, returnWalletPart, settleWalletOnlyRefund, walletPartFor } from './wallet-part';
import { readSettings } from '../platform/settings';
import { onAppointmentConfirmed } from '../mail/events';

type PaymentRow = typeof payments.$inferSelect;
const CURRENCY = 'usd';
const SETTLED: PaymentStatus[] = [...SETTLED_PAYMENT_STATUSES];

const reply = (intent: PaymentIntent, walletAmount = 0): IntentReply => ({
  clientSecret: intent.clientSecret,
  amount: intent.amount,
  paymentIntentId: intent.id,
  walletAmount,
  paidWithWallet: false,
});

/**
 * An intent for the appointment's own fee, only for its patient, never twice. With `useWallet`
 * the wallet pays what it can and the intent is for the rest; when the wallet covers the whole
 * fee there is no card step and the appointment is confirmed here.
 */
export async function createAppointmentIntent(
  db: Db,
  provider: PaymentProvider,
  patientId: string,
  appointmentId: string,
  now: Date = new Date(),
  useWallet = false,
): Promise<IntentReply> {
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.patientId, patientId)));
  if (!appointment) throw notFound('Appointment');
  if (appointment.status !== 'pending') {
    throw conflict(
      appointment.status === 'cancelled' ? 'This appointment was cancelled.' : 'This appointment is already paid.',
    );
  }
  const [existing] = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
  if (existing && SETTLED.includes(existing.status)) throw conflict('This appointment is already paid.');
  const walletPart = await walletPartFor(db, patientId, appointment.fee, useWallet);
  if (walletPart > 0 && walletPart === appointment.fee) {
    return payFromWallet(db, patientId, appointment, existing, now);
  }
  if (existing && existing.walletAmount === walletPart && existing.provider === provider.name) {
    const intent = await provider.retrieveIntent(existing.providerIntentId);
    if (intent && intent.status !== 'canceled') return reply(intent, walletPart);
  }
  const intent = await provider.createIntent({
    amount: appointment.fee - walletPart,
    currency: CURRENCY,
    metadata: { purpose: 'appointment', appointmentId, patientId },
    idempotencyKey:
      existing || walletPart > 0 ? `appointment-${appointmentId}-${randomUUID()}` : `appointment-${appointmentId}`,
  });
  if (existing) {
    await db
      .update(payments)
      .set({
        provider: provider.name,
        providerIntentId: intent.id,
        status: intent.status,
        walletAmount: walletPart,
        updatedAt: now,
      })
      .where(eq(payments.id, existing.id));
    return reply(intent, walletPart);
  }
  const [inserted] = await db
    .insert(payments)
    .values({
      appointmentId,
      patientId,
      purpose: 'appointment',
      provider: provider.name,
      providerIntentId: intent.id,
      amount: appointment.fee,
      walletAmount: walletPart,
      currency: CURRENCY,
      status: intent.status,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return reply(intent, walletPart);
  // A concurrent request won; hand out its intent so there is one per appointment.
  const [winner] = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
  return reply((await provider.retrieveIntent(winner.providerIntentId))!, winner.walletAmount);
}

/** The wallet covers the whole fee: one payment row, applied at once through the usual success path. */
async function payFromWallet(
  db: Db,
  patientId: string,
  appointment: typeof appointments.$inferSelect,
  existing: PaymentRow | undefined,
  now: Date,
): Promise<IntentReply> {
  const values = {
    provider: WALLET_PROVIDER,
    providerIntentId: `wallet_${appointment.id}`,
    status: 'requires_confirmation' as const,
    walletAmount: appointment.fee,
    updatedAt: now,
  };
  let [payment] = existing
    ? []
    : await db
        .insert(payments)
        .values({
          ...values,
          appointmentId: appointment.id,
          patientId,
          purpose: 'appointment',
          amount: appointment.fee,
        })
        .onConflictDoNothing()
        .returning();
  if (!payment) {
    // A card checkout started earlier, or a concurrent wallet payment: switch that one row over,
    // unless it is already settled (then the conditional success below lets nobody through).
    [payment] = await db
      .update(payments)
      .set(values)
      .where(and(eq(payments.appointmentId, appointment.id), notInArray(payments.status, SETTLED)))
      .returning();
    payment ??= (await db.select().from(payments).where(eq(payments.appointmentId, appointment.id)))[0];
  }
  const outcome = await applySucceededPayment(db, payment, now);
  if (outcome.refund) {
    await settleWalletOnlyRefund(db, outcome.refund, now);
    throw conflict(outcome.message);
  }
  const [settled] = await db.select().from(payments).where(eq(payments.id, payment.id));
  if (settled.status !== 'succeeded') throw conflict('This appointment is already paid.');
  return {
    clientSecret: '',
    amount: 0,
    paymentIntentId: payment.providerIntentId,
    walletAmount: appointment.fee,
    paidWithWallet: true,
  };
}

/**
 * A specialty checkout from the specialties page: the amount must be the specialty's published
 * fee; the doctor is chosen once the payment succeeds.
 */
export async function createSpecialtyIntent(
  db: Db,
  provider: PaymentProvider,
  patientId: string,
  body: { specialty: string; amount: number },
) {
  const entry = payableSpecialty(body.specialty);
  if (!entry) throw badRequest('We do not offer that specialty.', { specialty: 'Unknown specialty' });
  const amount = entry.avgConsultationFee * 100;
  if (Math.round(body.amount * 100) !== amount) {
    throw badRequest(`The fee for ${entry.name} is ${formatMoney(amount)}.`, {
      amount: `Must be ${entry.avgConsultationFee}`,
    });
  }
  if (!(await hasSpecialist(db, entry.name, patientId)))
    throw conflict(`No ${entry.name} specialist is available right now. Please try again later.`);
  const intent = await provider.createIntent({
    amount,
    currency: CURRENCY,
    metadata: { purpose: 'specialty', specialty: entry.name, patientId },
    idempotencyKey: `specialty-${randomUUID()}`,
  });
  await db.insert(payments).values({
    patientId,
    purpose: 'specialty',
    specialty: entry.name,
    provider: provider.name,
    providerIntentId: intent.id,
    amount,
    currency: CURRENCY,
    status: intent.status,
  });
  return reply(intent);
}

/**
 * Confirmation, and the webhook's worker: re-reads the intent from the provider (never the
 * client's word) and applies a success exactly once. `patientId` limits it to the payer's own.
 */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  paymentIntentId: string,
  patientId: string | null,
  now: Date = new Date(),
): Promise<ConfirmReply> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerIntentId, paymentIntentId)));
  if (!payment || (patientId && payment.patientId !== patientId) || payment.purpose === 'report')
    throw notFound('Payment');
  if (payment.status !== 'succeeded') {
    const intent = await provider.retrieveIntent(paymentIntentId);
    if (!intent) throw notFound('Payment');
    if (intent.status !== 'succeeded') {
      await db
        .update(payments)
        .set({ status: intent.status, updatedAt: now })
        .where(and(eq(payments.id, payment.id), notInArray(payments.status, SETTLED)));
      throw new AppError('payment_required', intent.lastError ?? 'The payment has not been completed yet.');
    }
    if (intent.amount !== payment.amount - payment.walletAmount || intent.currency !== payment.currency) {
      log.error({ paymentId: payment.id, intentAmount: intent.amount }, 'intent amount differs from the price');
      throw conflict('The amount paid does not match the price. Please contact support.');
    }
    const outcome = await applySucceededPayment(db, payment, now);
    if (outcome.refund) {
      await refundPayment(db, provider, log, outcome.refund, now);
      throw conflict(outcome.message);
    }
  }
  const [settled] = await db.select().from(payments).where(eq(payments.id, payment.id));
  if (!settled.appointmentId || settled.status !== 'succeeded') throw conflict('This payment was refunded.');
  const appointment = await loadAppointment(db, eq(appointments.id, settled.appointmentId));
  return { status: 'succeeded', purpose: settled.purpose as 'appointment' | 'specialty', appointment: appointment! };
}

type Outcome = { refund: null } | { refund: PaymentRow; message: string };

/**
 * One transaction: payment succeeded, appointment confirmed (or, for a specialty payment,
 * matched and created confirmed), the doctor's pending earning, and the two notifications.
 * The first statement is a conditional UPDATE, so of any number of concurrent confirmations
 * and webhook replays exactly one gets past it.
 */
async function applySucceededPayment(db: Db, payment: PaymentRow, now: Date): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [won] = await tx
      .update(payments)
      .set({ status: 'succeeded', updatedAt: now })
      .where(and(eq(payments.id, payment.id), notInArray(payments.status, SETTLED)))
      .returning();
    if (!won) return { refund: null };
    if (!(await debitWalletPart(tx, won, now))) {
      const [refund] = await tx
        .update(payments)
        .set({ status: 'refund_pending' })
        .where(eq(payments.id, won.id))
        .returning();
      return {
        refund,
        message: 'Your wallet balance changed before the payment completed. Your payment is being refunded.',
      };
    }

    let appointment: typeof appointments.$inferSelect | undefined;
    if (won.purpose === 'appointment') {
      [appointment] = await tx
        .update(appointments)
        .set({ status: 'confirmed', updatedAt: now })
        .where(and(eq(appointments.id, won.appointmentId!), eq(appointments.status, 'pending')))
        .returning();
      if (!appointment) {
        // The unpaid hold ran out and the slot went to someone else: give the money back.
        await returnWalletPart(tx, won, now);
        const [refund] = await tx
          .update(payments)
          .set({ status: 'refund_pending' })
          .where(eq(payments.id, won.id))
          .returning();
        return {
          refund,
          message: 'This booking expired before the payment completed. Your payment is being refunded.',
        };
      }
    } else {
      appointment = await createMatchedAppointment(tx, won, now);
      if (!appointment) {
        const [refund] = await tx
          .update(payments)
          .set({ status: 'refund_pending' })
          .where(eq(payments.id, won.id))
          .returning();
        return {
          refund,
          message: `No ${won.specialty} specialist has a free slot right now. Your payment is being refunded.`,
        };
      }
      await tx.update(payments).set({ appointmentId: appointment.id }).where(eq(payments.id, won.id));
    }
    const { platformFeePercent } = await readSettings(tx);
    await recordPendingEarning(tx, {
      doctorId: appointment.doctorId,
      appointmentId: appointment.id,
      paymentId: won.id,
      gross: won.amount,
      feePercent: platformFeePercent,
    });
    await notifyConfirmed(tx, appointment);
    await onAppointmentConfirmed(tx, appointment, now);
    await onPatientPaid(tx, won.patientId, now);
    return { refund: null };
  });
}

async function createMatchedAppointment(db: Db, payment: PaymentRow, now: Date) {
  // A specialty taken off the specialties page after the payment started is refunded, not matched.
  const specialty = payableSpecialty(payment.specialty ?? '')?.name;
  if (!specialty) return undefined;
  const lost = new Set<string>();
  for (let attempt = 0; attempt < 5; attempt++) {
    const match = await matchSpecialist(db, specialty, payment.patientId, now, lost);
    if (!match) return undefined;
    const [created] = await db
      .insert(appointments)
      .values({
        patientId: payment.patientId,
        doctorId: match.doctorId,
        startsAt: match.startsAt,
        timeZone: match.timeZone,
        consultationType: 'video',
        reasonForVisit: `${payment.specialty} consultation (matched from the specialties page)`,
        fee: payment.amount,
        status: 'confirmed',
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    lost.add(`${match.doctorId}@${match.startsAt.toISOString()}`);
  }
  return undefined;
}

/** Status changes other than success (declines, cancellations) are recorded, never applied twice. */
export async function recordIntentStatus(db: Db, provider: PaymentProvider, intent: PaymentIntent) {
  await db
    .update(payments)
    .set({ status: intent.status, updatedAt: new Date() })
    .where(
      and(
        eq(payments.provider, provider.name),
        eq(payments.providerIntentId, intent.id),
        notInArray(payments.status, SETTLED),
        ne(payments.status, intent.status),
      ),
    );
}
