import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AdminPaymentDetail, AdminPaymentQuery, AdminPaymentRow, Page } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { appointments, doctors, earnings, payments, receipts, users } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import type { AuditActor } from '../audit/record';
import { cancelAppointment } from '../appointments/commands';
import { inUnit, type UnitServices } from '../events/bus';
import { startRefund } from '../payments/refunds';
import { refundParts } from '../appointment-view/view';
import { cappedCount, offsetOf, pageOf } from '../platform/paging';
import { likeContaining } from './search';

const patient = alias(users, 'patient');
const doctorUser = alias(users, 'doctor_user');
const name = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

const JOINS = {
  patient: eq(patient.id, payments.patientId),
  appointment: eq(appointments.id, payments.appointmentId),
  doctor: eq(doctors.id, appointments.doctorId),
  doctorUser: eq(doctorUser.id, doctors.userId),
};

const rowColumns = {
  id: payments.id,
  patientName: name(patient),
  doctorName: sql<string | null>`${doctorUser.firstName} || ' ' || ${doctorUser.lastName}`,
  amount: payments.amount,
  status: payments.status,
  purpose: payments.purpose,
  createdAt: payments.createdAt,
  // One receipt per payment at most (receipts_payment_key): a lookup, never a fan-out.
  receiptNumber: sql<
    string | null
  >`(select ${receipts.number} from ${receipts} where ${receipts.paymentId} = ${payments.id})`,
};

/** The list's rows: each payment with its patient, and its appointment's doctor where it has one. */
const paymentRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(payments)
    .innerJoin(patient, JOINS.patient)
    .leftJoin(appointments, JOINS.appointment)
    .leftJoin(doctors, JOINS.doctor)
    .leftJoin(doctorUser, JOINS.doctorUser);

/** Payments newest first, searched by the payment id or either party's name or e-mail. */
export async function listPayments(db: Db, query: AdminPaymentQuery): Promise<Page<AdminPaymentRow>> {
  const filters: SQL[] = [];
  if (query.q) {
    const like = likeContaining(query.q);
    const person = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }) =>
      sql`lower(${u.firstName} || ' ' || ${u.lastName} || ' ' || ${u.email}) like ${like}`;
    filters.push(or(person(patient), person(doctorUser), sql`${payments.id}::text like ${like}`)!);
  }
  if (query.status) filters.push(eq(payments.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const dir = query.dir === 'asc' ? asc : desc;
  const order =
    query.sort === 'amount' ? [dir(payments.amount), dir(payments.id)] : [dir(payments.createdAt), dir(payments.id)];
  const [rows, count] = await Promise.all([
    paymentRows(db)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    cappedCount(
      db,
      // Every payment has its patient (a foreign key) and at most one appointment, doctor and doctor's
      // account, so the joins neither drop nor repeat a row: only a search by name needs them. Without
      // one the count reads the payments alone (issue 39: over the joins it grew with the tables).
      query.q
        ? paymentRows(db).where(where)
        : db
            .select({ one: sql`1` })
            .from(payments)
            .where(where),
    ),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    count,
    query.page,
    query.pageSize,
  );
}

export async function paymentDetail(db: Db, id: string): Promise<AdminPaymentDetail> {
  const [row] = await db
    .select({
      ...rowColumns,
      provider: payments.provider,
      providerIntentId: payments.providerIntentId,
      currency: payments.currency,
      refundedAmount: payments.refundedAmount,
      walletAmount: payments.walletAmount,
      providerRefundId: payments.providerRefundId,
      updatedAt: payments.updatedAt,
      patientId: patient.id,
      patientEmail: patient.email,
      doctorId: doctors.id,
      doctorEmail: doctorUser.email,
      appointmentId: appointments.id,
      startsAt: appointments.startsAt,
      appointmentStatus: appointments.status,
      consultationType: appointments.consultationType,
      fee: appointments.fee,
      earningStatus: earnings.status,
      netEarnings: earnings.netEarnings,
      platformCommission: earnings.platformCommission,
    })
    .from(payments)
    .innerJoin(patient, JOINS.patient)
    .leftJoin(appointments, JOINS.appointment)
    .leftJoin(doctors, JOINS.doctor)
    .leftJoin(doctorUser, JOINS.doctorUser)
    .leftJoin(earnings, eq(earnings.appointmentId, payments.appointmentId))
    .where(eq(payments.id, id));
  if (!row) throw notFound('Payment');
  const refunded = row.status === 'refunded' || row.status === 'refund_pending' || row.status === 'refund_failed';
  return {
    id: row.id,
    patientName: row.patientName,
    doctorName: row.doctorName,
    amount: row.amount,
    status: row.status,
    purpose: row.purpose,
    createdAt: row.createdAt.toISOString(),
    receiptNumber: row.receiptNumber,
    provider: row.provider,
    providerIntentId: row.providerIntentId,
    currency: row.currency,
    refundedAmount: row.refundedAmount,
    providerRefundId: row.providerRefundId,
    updatedAt: row.updatedAt.toISOString(),
    patient: { id: row.patientId, name: row.patientName, email: row.patientEmail },
    doctor: row.doctorId ? { id: row.doctorId, name: row.doctorName ?? '', email: row.doctorEmail ?? '' } : null,
    appointment:
      row.appointmentId && row.startsAt
        ? {
            id: row.appointmentId,
            startsAt: row.startsAt.toISOString(),
            status: row.appointmentStatus!,
            consultationType: row.consultationType!,
            fee: row.fee!,
          }
        : null,
    earning:
      row.earningStatus !== null
        ? { status: row.earningStatus, netEarnings: row.netEarnings!, platformCommission: row.platformCommission! }
        : null,
    // One line per part and destination (appointment-view/view.ts): a wallet refund shows its
    // amount, never $0 beside a card that was not charged.
    refunds: refunded
      ? refundParts(row).map((part) => ({
          providerRefundId: part.to === 'card' ? row.providerRefundId : null,
          amount: part.amount,
          status: part.status,
          at: row.updatedAt.toISOString(),
          to: part.to,
        }))
      : [],
  };
}

/**
 * Refund from the console, through the one refund: a live appointment is cancelled by the one
 * cancel command with a full refund (wallet part and card part, its proposal, room, bell, e-mail),
 * any other payment is refunded directly. Either way one conditional UPDATE (succeeded →
 * refund_pending) decides, so of two concurrent requests exactly one refunds; the audit trail is a
 * subscriber. The console adds only its own check: a payment whose earning is already in a payout
 * is refused. A payment already refunding or refunded answers with its detail.
 */
export async function refundFromConsole(
  services: UnitServices,
  actor: AuditActor,
  id: string,
  now: Date,
): Promise<AdminPaymentDetail> {
  const { db } = services;
  await inUnit(services, now, async (unit) => {
    const { tx } = unit;
    const [current] = await tx.select().from(payments).where(eq(payments.id, id));
    if (!current) throw notFound('Payment');
    if (current.status === 'refund_pending' || current.status === 'refunded' || current.status === 'refund_failed')
      return;
    if (current.status !== 'succeeded') throw localizedError('conflict', 'errors.succeededPaymentRefunded');
    if (current.appointmentId) {
      const [earning] = await tx
        .select({ status: earnings.status })
        .from(earnings)
        .where(eq(earnings.appointmentId, current.appointmentId));
      if (earning && (earning.status === 'in_payout' || earning.status === 'paid')) {
        throw localizedError('conflict', 'errors.refundShareInPayout');
      }
      const cancelled = await cancelAppointment(unit, {
        id: current.appointmentId,
        by: 'admin',
        actor,
        refund: 'full',
      });
      if (cancelled) return;
    }
    await startRefund(unit, id, 'admin', actor);
  });
  return paymentDetail(db, id);
}
