import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { SETTLED_PAYMENT_STATUSES, type PaymentStatus } from '@common/constants/statuses';
import { formatMoney } from '@common/i18n/format';
import type { Language } from '@common/i18n/languages';
import { WALLET_PROVIDER } from '@common/constants/wallet';
import type { ConfirmReply, IntentReply } from '@common/schemas/payments';
import type { Db } from '../../db/client';
import { appointments, payments } from '../../db/schema';
import { type ErrorText, localizedError, notFound } from '../../core/errors';
import { catalogue } from '../../core/i18n';
import { notPaidYet } from '../../payments/not-paid';
import type { PaymentIntent, PaymentProvider } from '../../payments/provider';
import { announceConfirmed, confirmAppointment, insertConfirmed } from '../appointments/commands';
import { loadAppointment } from '../appointments/queries';
import { inUnit, type Unit, type UnitServices } from '../events/bus';
import { hasSpecialist, matchSpecialist, payableSpecialty } from './matching';
import { PAYMENT_MOVES } from './moves';
import { recordCharge, startRefund } from './refunds';
import { debitWalletPart, walletPartFor } from './wallet-part';
import { appointmentsWhere } from '../../policies/appointment';

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
  services: UnitServices,
  patientId: string,
  appointmentId: string,
  now: Date = new Date(),
  useWallet = false,
): Promise<IntentReply> {
  const { db, payments: provider } = services;
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), appointmentsWhere({ id: patientId }, 'manage_booking')));
  if (!appointment) throw notFound('Appointment');
  if (appointment.status !== 'pending') {
    throw localizedError(
      'conflict',
      appointment.status === 'cancelled' ? 'errors.appointmentWasCancelled' : 'errors.appointmentPaid',
    );
  }
  const [existing] = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
  if (existing && SETTLED.includes(existing.status)) throw localizedError('conflict', 'errors.appointmentPaid');
  const walletPart = await walletPartFor(db, patientId, appointment.fee, useWallet);
  if (walletPart > 0 && walletPart === appointment.fee) {
    if (existing) await retireIntent(services, existing, now);
    return payFromWallet(services, patientId, appointment, existing, now);
  }
  if (existing && existing.walletAmount === walletPart && existing.provider === provider.name) {
    const intent = await provider.retrieveIntent(existing.providerIntentId);
    if (intent && intent.status !== 'canceled') return reply(intent, walletPart);
  }
  if (existing) await retireIntent(services, existing, now);
  const intent = await provider.createIntent({
    amount: appointment.fee - walletPart,
    currency: CURRENCY,
    metadata: { purpose: 'appointment', appointmentId, patientId },
    idempotencyKey:
      existing || walletPart > 0 ? `appointment-${appointmentId}-${randomUUID()}` : `appointment-${appointmentId}`,
  });
  const values = {
    provider: provider.name,
    providerIntentId: intent.id,
    status: intent.status,
    walletAmount: walletPart,
    updatedAt: now,
  };
  // Compare-and-set on the intent the checkout replaces, so of two tabs racing only one switches it.
  const [claimed] = existing
    ? await db
        .update(payments)
        .set(values)
        .where(
          and(
            eq(payments.id, existing.id),
            eq(payments.providerIntentId, existing.providerIntentId),
            notInArray(payments.status, SETTLED),
          ),
        )
        .returning()
    : await db
        .insert(payments)
        .values({
          ...values,
          appointmentId,
          patientId,
          purpose: 'appointment',
          amount: appointment.fee,
          currency: CURRENCY,
        })
        .onConflictDoNothing()
        .returning();
  if (claimed) return reply(intent, walletPart);
  return lostCheckoutRace(services, appointmentId, intent.id);
}

/**
 * Another tab changed this appointment's checkout while ours was being made. Our intent must never
 * be charged: it is cancelled (unless it is the very intent the winner stored, as the same
 * idempotency key gives), and the tab gets the winner's checkout when it is a card one.
 */
async function lostCheckoutRace(services: UnitServices, appointmentId: string, ours: string): Promise<IntentReply> {
  const { db, payments: provider } = services;
  const [winner] = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
  if (winner.providerIntentId !== ours) await provider.cancelIntent(ours);
  if (SETTLED.includes(winner.status)) throw localizedError('conflict', 'errors.appointmentPaid');
  const intent = winner.provider === provider.name ? await provider.retrieveIntent(winner.providerIntentId) : null;
  if (!intent || intent.status === 'canceled') throw changedInAnotherTab();
  return reply(intent, winner.walletAmount);
}

const changedInAnotherTab = () => localizedError('conflict', 'errors.checkoutChangedElsewhere');

/** The wallet covers the whole fee: one payment row, applied at once through the usual success path. */
async function payFromWallet(
  services: UnitServices,
  patientId: string,
  appointment: typeof appointments.$inferSelect,
  existing: PaymentRow | undefined,
  now: Date,
): Promise<IntentReply> {
  const { db } = services;
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
    // A card checkout started earlier (in this request's view, or in another tab's meanwhile), or a
    // concurrent wallet payment: switch that one row over, once its intent can no longer be
    // charged, and only if nobody changed it since (compare-and-set on the intent).
    const [current] = await db.select().from(payments).where(eq(payments.appointmentId, appointment.id));
    if (!existing || existing.providerIntentId !== current.providerIntentId) await retireIntent(services, current, now);
    [payment] = await db
      .update(payments)
      .set(values)
      .where(
        and(
          eq(payments.id, current.id),
          eq(payments.providerIntentId, current.providerIntentId),
          notInArray(payments.status, SETTLED),
        ),
      )
      .returning();
    if (!payment) {
      const [latest] = await db.select().from(payments).where(eq(payments.id, current.id));
      if (SETTLED.includes(latest.status)) throw localizedError('conflict', 'errors.appointmentPaid');
      throw changedInAnotherTab();
    }
  }
  const outcome = await applySucceededPayment(services, payment, now);
  if (outcome.refused) throw refusal(outcome.refused);
  const settled = await settledPayment(db, outcome.applied, payment.id);
  if (settled.status !== 'succeeded') throw localizedError('conflict', 'errors.appointmentPaid');
  return {
    clientSecret: '',
    amount: 0,
    paymentIntentId: payment.providerIntentId,
    walletAmount: appointment.fee,
    paidWithWallet: true,
  };
}

/** A specialty's name as the reader's catalogue says it. */
const specialtyIn = (language: Language, name: string) => catalogue(language)[`specialties.name.${name}`] ?? name;

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
  if (!entry)
    throw localizedError('bad_request', 'errors.weDoOfferSpecialty', undefined, {
      specialty: { key: 'errors.field.unknownSpecialty' },
    });
  const amount = entry.avgConsultationFee * 100;
  if (Math.round(body.amount * 100) !== amount) {
    throw localizedError(
      'bad_request',
      'errors.specialtyFee',
      (language) => ({ specialty: specialtyIn(language, entry.name), fee: formatMoney(amount, language) }),
      { amount: { key: 'errors.specialtyFeeField', values: { fee: entry.avgConsultationFee } } },
    );
  }
  if (!(await hasSpecialist(db, entry.name, patientId)))
    throw localizedError('conflict', 'errors.noSpecialist', (language) => ({
      specialty: specialtyIn(language, entry.name),
    }));
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
  services: UnitServices,
  paymentIntentId: string,
  patientId: string | null,
  now: Date = new Date(),
): Promise<ConfirmReply> {
  const { db, payments: provider, log } = services;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerIntentId, paymentIntentId)));
  if (!payment || (patientId && payment.patientId !== patientId) || payment.purpose === 'report')
    throw notFound('Payment');
  let applied = payment.status === 'succeeded' ? payment : undefined;
  if (!applied) {
    const intent = await provider.retrieveIntent(paymentIntentId);
    if (!intent) throw notFound('Payment');
    if (intent.status !== 'succeeded') {
      await db
        .update(payments)
        .set({ status: intent.status, updatedAt: now })
        .where(and(eq(payments.id, payment.id), notInArray(payments.status, SETTLED)));
      throw notPaidYet(intent.lastError);
    }
    if (intent.amount !== payment.amount - payment.walletAmount || intent.currency !== payment.currency) {
      log.error({ paymentId: payment.id, intentAmount: intent.amount }, 'intent amount differs from the price');
      throw localizedError('conflict', 'errors.amountPaidDoesMatch');
    }
    const outcome = await applySucceededPayment(services, payment, now);
    if (outcome.refused) throw refusal(outcome.refused);
    applied = outcome.applied;
  }
  // Another request's payment may have been refunded since it applied it.
  const settled = await settledPayment(db, applied, payment.id);
  if (!settled.appointmentId || settled.status !== 'succeeded')
    throw localizedError('conflict', 'errors.paymentRefunded');
  const appointment = await loadAppointment(db, eq(appointments.id, settled.appointmentId));
  return { status: 'succeeded', purpose: settled.purpose as 'appointment' | 'specialty', appointment: appointment! };
}

/**
 * Why a succeeded payment could not be applied (it is being refunded), said to the payer; or the
 * payment as this request applied it (none when another request had).
 */
type Outcome = { refused: ErrorText | null; applied?: PaymentRow };

/** The payment as this request applied it, or read again when another request applied it meanwhile. */
const settledPayment = async (db: Db, applied: PaymentRow | undefined, id: string): Promise<PaymentRow> =>
  applied ?? (await db.select().from(payments).where(eq(payments.id, id)))[0];
const refusal = (text: ErrorText) => localizedError('conflict', text.key, text.values);

/**
 * One unit: payment succeeded, the card part in the ledger, the wallet part taken, the appointment
 * confirmed (or, for a specialty payment, matched and created confirmed), then `payment.succeeded`
 * for the subscribers (the doctor's pending earning, the ledger's split). The first statement is a
 * conditional UPDATE, so of any number of concurrent confirmations and webhook replays exactly one
 * gets past it. When the money cannot be applied (the wallet was spent meanwhile, the hold ran
 * out, no specialist is free) the payment is refunded through the one refund path.
 */
async function applySucceededPayment(services: UnitServices, payment: PaymentRow, now: Date): Promise<Outcome> {
  return inUnit(services, now, async (unit) => {
    const { tx } = unit;
    const [won] = await tx
      .update(payments)
      .set({ status: PAYMENT_MOVES.succeed.to, updatedAt: now })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, PAYMENT_MOVES.succeed.from)))
      .returning();
    if (!won) return { refused: null };
    await recordCharge(tx, won);
    if (!(await debitWalletPart(tx, won, now))) {
      return refuse(unit, won, { key: 'errors.refund.walletChanged' });
    }
    let appointment: typeof appointments.$inferSelect | undefined;
    if (won.purpose === 'appointment') {
      appointment = await confirmAppointment(unit, won.appointmentId!, won);
      // The unpaid hold ran out and the slot went to someone else: give the money back.
      if (!appointment) return refuse(unit, won, { key: 'errors.refund.bookingExpired' });
    } else {
      appointment = await createMatchedAppointment(tx, won, now);
      if (!appointment) {
        const specialty = won.specialty ?? '';
        return refuse(unit, won, {
          key: 'errors.refund.noSpecialist',
          values: (language) => ({ specialty: specialtyIn(language, specialty) }),
        });
      }
      const [linked] = await tx
        .update(payments)
        .set({ appointmentId: appointment.id })
        .where(eq(payments.id, won.id))
        .returning();
      await announceConfirmed(unit, appointment, linked);
    }
    const applied = { ...won, appointmentId: appointment.id };
    await unit.emit('payment.succeeded', { payment: applied, appointment });
    return { refused: null, applied };
  });
}

/**
 * A payment that succeeded but cannot be applied goes straight back, both halves, through the one
 * refund command (so `payment.refund_started` is emitted as for every other refund).
 */
async function refuse(unit: Unit, won: PaymentRow, refused: ErrorText): Promise<Outcome> {
  await startRefund(unit, won.id, 'system', null);
  return { refused };
}

/**
 * Before a checkout replaces the intent of an earlier one (another tab, the wallet instead of the
 * card), the earlier intent is cancelled at the processor so it can never be charged. If it was
 * paid already, that payment is applied instead and the new checkout refused: the patient is
 * charged once.
 */
async function retireIntent(services: UnitServices, existing: PaymentRow, now: Date) {
  if (existing.provider !== services.payments.name) return;
  const intent = await services.payments.cancelIntent(existing.providerIntentId);
  if (intent?.status !== 'succeeded') return;
  const outcome = await applySucceededPayment(services, existing, now);
  throw refusal(outcome.refused ?? { key: 'errors.appointmentPaid' });
}

/**
 * The checkout of a booking that ended unpaid is cancelled at the processor, so the card form
 * left open in a tab can no longer charge it. When it was paid just before, the success is
 * applied the usual way, which finds the booking cancelled and refunds it.
 */
export async function closeCheckout(services: UnitServices, payment: PaymentRow, now: Date) {
  if (payment.provider !== services.payments.name) return;
  const intent = await services.payments.cancelIntent(payment.providerIntentId);
  if (!intent) return;
  if (intent.status === 'succeeded') await applySucceededPayment(services, payment, now);
  else await recordIntentStatus(services.db, services.payments, intent);
}

async function createMatchedAppointment(db: Db, payment: PaymentRow, now: Date) {
  // A specialty taken off the specialties page after the payment started is refunded, not matched.
  const specialty = payableSpecialty(payment.specialty ?? '')?.name;
  if (!specialty) return undefined;
  const lost = new Set<string>();
  for (let attempt = 0; attempt < 5; attempt++) {
    const match = await matchSpecialist(db, specialty, payment.patientId, now, lost);
    if (!match) return undefined;
    const created = await insertConfirmed(db, {
      patientId: payment.patientId,
      doctorId: match.doctorId,
      startsAt: match.startsAt,
      timeZone: match.timeZone,
      consultationType: 'video',
      durationMinutes: match.minutes,
      reasonForVisit: `${payment.specialty} consultation (matched from the specialties page)`,
      fee: payment.amount,
    });
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
