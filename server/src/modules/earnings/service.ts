import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { EarningStatus } from '@common/constants/statuses';
import type { Earning, EarningStats, Payout } from '@common/schemas/earnings';
import type { Db } from '../../db/client';
import { appointments, doctors, earnings, payouts, users } from '../../db/schema';
import { readAppointments } from '../../policies/appointment';
import { appointmentFamilyMember } from '../../policies/family-member';
import type { Viewer } from '../../policies/viewer';
import { localizedError } from '../../core/errors';
import { ownDoctorRow } from '../doctor-record/rows';
import { claimAvailableEarnings } from './transitions';

const present = (row: typeof earnings.$inferSelect): Earning => ({
  id: row.id,
  appointmentId: row.appointmentId,
  grossAmount: row.grossAmount,
  platformCommission: row.platformCommission,
  netEarnings: row.netEarnings,
  status: row.status,
  earnedAt: row.earnedAt.toISOString(),
});

const presentPayout = (row: typeof payouts.$inferSelect): Payout => ({
  id: row.id,
  amount: row.amount,
  payoutMethod: row.payoutMethod,
  bankAccount: row.bankAccount ? `****${row.bankAccount}` : null,
  requestedAt: row.requestedAt.toISOString(),
  status: row.status,
  paidAt: row.paidAt?.toISOString() ?? null,
});

/** The signed-in doctor's own ledger only: every query is scoped by their doctor id. */
export async function earningStats(db: Db, userId: string): Promise<EarningStats> {
  const doctor = await ownDoctorRow(db, userId);
  const empty = { totalEarnings: 0, pendingEarnings: 0, availableEarnings: 0, inPayoutEarnings: 0, paidEarnings: 0 };
  if (!doctor) return { ...empty, payoutAccountLast4: null };
  const sumWhere = (filter: SQL) =>
    sql<number>`coalesce(sum(${earnings.netEarnings}) filter (where ${filter}), 0)::int`;
  const sum = (status: EarningStatus) => sumWhere(eq(earnings.status, status));
  const [row] = await db
    .select({
      // Reversed earnings were refunded: they never were the doctor's.
      totalEarnings: sumWhere(ne(earnings.status, 'reversed')),
      pendingEarnings: sum('pending'),
      availableEarnings: sum('available'),
      inPayoutEarnings: sum('in_payout'),
      paidEarnings: sum('paid'),
    })
    .from(earnings)
    .where(eq(earnings.doctorId, doctor.id));
  return { ...row, payoutAccountLast4: doctor.payoutAccountLast4 };
}

/**
 * The doctor's earnings, newest first, each with the visit it came from. The visits are read
 * through the appointment policy (scoped to the doctor's book, each patient's read audited) and
 * name the person seen: the family member booked for, else the account holder.
 */
export async function listEarnings(db: Db, viewer: Viewer, now: Date, limit: number): Promise<Earning[]> {
  const doctor = await ownDoctorRow(db, viewer.id);
  if (!doctor) return [];
  const rows = await db
    .select()
    .from(earnings)
    .where(eq(earnings.doctorId, doctor.id))
    .orderBy(desc(earnings.earnedAt))
    .limit(limit);
  const ids = [...new Set(rows.map((r) => r.appointmentId).filter((id): id is string => id !== null))];
  const visits =
    ids.length === 0
      ? []
      : await readAppointments(
          db,
          viewer,
          now,
          (visible) =>
            db
              .select({
                id: appointments.id,
                patientId: appointments.patientId,
                startsAt: appointments.startsAt,
                holder: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
                familyMember: appointmentFamilyMember(),
              })
              .from(appointments)
              .innerJoin(users, eq(users.id, appointments.patientId))
              .where(and(inArray(appointments.id, ids), visible)),
          (list) => list,
        );
  const byId = new Map(visits.map((v) => [v.id, v]));
  return rows.map((row) => {
    const visit = row.appointmentId ? byId.get(row.appointmentId) : undefined;
    return {
      ...present(row),
      visit: visit
        ? {
            patientName: visit.familyMember
              ? `${visit.familyMember.firstName} ${visit.familyMember.lastName}`
              : visit.holder,
            startsAt: visit.startsAt.toISOString(),
          }
        : null,
    };
  });
}

export async function listPayouts(db: Db, userId: string, limit: number): Promise<Payout[]> {
  const doctor = await ownDoctorRow(db, userId);
  if (!doctor) return [];
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.doctorId, doctor.id))
    .orderBy(desc(payouts.requestedAt))
    .limit(limit);
  return rows.map(presentPayout);
}

const nothingAvailable = () => localizedError('bad_request', 'errors.nothingToPayOut');

/**
 * Moves every available earning into one pending bank-transfer payout, in one transaction. The
 * earnings are claimed by a conditional UPDATE, so two requests at once cannot pay the same
 * earning twice: the second finds nothing available and is refused.
 */
export async function requestPayout(db: Db, userId: string, bankAccountLast4: string | undefined): Promise<Payout> {
  const doctor = await ownDoctorRow(db, userId);
  if (!doctor) throw nothingAvailable();
  return db.transaction(async (tx) => {
    // The account is given once; later requests keep the stored digits.
    if (bankAccountLast4) {
      await tx
        .update(doctors)
        .set({ payoutAccountLast4: bankAccountLast4 })
        .where(and(eq(doctors.id, doctor.id), isNull(doctors.payoutAccountLast4)));
    }
    // Locked: a replacement of the payout account (payout-account.ts) updates this row before it
    // rewrites the digits of pending payouts, so a payout is either made after the replacement
    // commits (new digits) or seen by its rewrite (made before): never left showing the old account.
    const [current] = await tx
      .select({ last4: doctors.payoutAccountLast4 })
      .from(doctors)
      .where(eq(doctors.id, doctor.id))
      .for('update');
    if (!current.last4) {
      throw localizedError('bad_request', 'errors.addPayoutBankAccount', undefined, {
        bankAccountLast4: { key: 'errors.field.addBankAccount' },
      });
    }
    const [payout] = await tx
      .insert(payouts)
      .values({
        doctorId: doctor.id,
        amount: 0,
        payoutMethod: 'bank_transfer',
        bankAccount: current.last4,
        status: 'pending',
      })
      .returning();
    const moved = await claimAvailableEarnings(tx, doctor.id, payout.id);
    const amount = moved.reduce((total, e) => total + e.netEarnings, 0);
    if (amount <= 0) throw nothingAvailable();
    const [saved] = await tx.update(payouts).set({ amount }).where(eq(payouts.id, payout.id)).returning();
    return presentPayout(saved);
  });
}
