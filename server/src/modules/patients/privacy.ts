import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DELETION_ACTIONS,
  ERASED_ON_DELETION,
  KEPT_AFTER_DELETION,
  keptRecordText,
} from '@common/constants/account-deletion';
import type { PatientRecordKind } from '@common/constants/audit';
import type { RecordAccess } from '@common/schemas/patient-profile';
import type { SessionUser } from '../../core/session-user';
import type { Db } from '../../db/client';
import {
  appointments,
  auditEvents,
  chatMessages,
  doctors,
  patientProfiles,
  payments,
  referrals,
  reviews,
  users,
  visitNotes,
  walletEntries,
} from '../../db/schema';
import { notFound } from '../../core/errors';
import { auditActor, recordAudit } from '../audit/record';
import { mfaEnabled } from '../auth/mfa';
import { presentUser } from '../auth/service';
import { presentReferral } from '../referrals/service';
import { receiptsOf } from '../receipts/queries';
import { presentPatientProfile } from './profile';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Everything Medora holds about the person, as one document they can keep or take elsewhere. */
export async function exportMyData(db: Db, request: { id: unknown }, user: SessionUser, now: Date) {
  const [account] = await db.select().from(users).where(eq(users.id, user.id));
  if (!account) throw notFound('Account');
  const [profile] = await db.select().from(patientProfiles).where(eq(patientProfiles.userId, user.id));
  const ownAppointments = await db.select().from(appointments).where(eq(appointments.patientId, user.id));
  const appointmentIds = ownAppointments.map((a) => a.id);
  const [ownPayments, ownReviews, messages, ownReferrals, wallet, accessLog, summaries] = await Promise.all([
    db.select().from(payments).where(eq(payments.patientId, user.id)),
    db.select().from(reviews).where(eq(reviews.patientId, user.id)),
    db
      .select()
      .from(chatMessages)
      .where(
        appointmentIds.length > 0
          ? or(eq(chatMessages.senderId, user.id), inArray(chatMessages.consultationId, appointmentIds))
          : eq(chatMessages.senderId, user.id),
      )
      .orderBy(chatMessages.id),
    db.select().from(referrals).where(eq(referrals.referrerId, user.id)),
    db.select().from(walletEntries).where(eq(walletEntries.userId, user.id)).orderBy(walletEntries.id),
    recordAccessLog(db, user.id),
    // The summaries doctors shared with the patient; the doctor's private notes are the doctor's record.
    appointmentIds.length > 0
      ? db
          .select({
            appointmentId: visitNotes.appointmentId,
            diagnosis: visitNotes.diagnosis,
            advice: visitNotes.advice,
            followUpDays: visitNotes.followUpDays,
            sharedAt: visitNotes.sharedAt,
          })
          .from(visitNotes)
          .where(and(inArray(visitNotes.appointmentId, appointmentIds), isNotNull(visitNotes.sharedAt)))
      : Promise.resolve([]),
  ]);
  await recordAudit(
    db,
    auditActor(request, user),
    { action: 'account.export', target: { type: 'user', id: user.id }, subjectUserId: user.id },
    now,
  );
  return {
    exportedAt: now.toISOString(),
    account: {
      ...presentUser(account, { mfaEnabled: await mfaEnabled(db, account.id), mfaSetupRequired: false }),
      marketingEmailOptOut: account.marketingEmailOptOut,
      referralCode: account.referralCode,
    },
    profile: profile ? presentPatientProfile(profile) : null,
    appointments: ownAppointments.map((a) => ({
      id: a.id,
      doctorId: a.doctorId,
      startsAt: a.startsAt.toISOString(),
      timeZone: a.timeZone,
      consultationType: a.consultationType,
      reasonForVisit: a.reasonForVisit,
      additionalNotes: a.additionalNotes,
      fee: a.fee,
      status: a.status,
      createdAt: a.createdAt.toISOString(),
    })),
    payments: ownPayments.map((p) => ({
      id: p.id,
      appointmentId: p.appointmentId,
      purpose: p.purpose,
      amount: p.amount,
      walletAmount: p.walletAmount,
      currency: p.currency,
      status: p.status,
      refundedAmount: p.refundedAmount,
      createdAt: p.createdAt.toISOString(),
    })),
    reviews: ownReviews.map((r) => ({
      id: r.id,
      appointmentId: r.appointmentId,
      doctorId: r.doctorId,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt.toISOString(),
    })),
    consultationMessages: messages.map((m) => ({
      id: m.id,
      consultationId: m.consultationId,
      senderId: m.senderId,
      senderName: m.senderName,
      message: m.message,
      timestamp: m.createdAt.toISOString(),
    })),
    referrals: ownReferrals.map(presentReferral),
    wallet: {
      balance: account.walletBalance,
      entries: wallet.map((w) => ({
        id: w.id,
        amount: w.amount,
        balanceAfter: w.balanceAfter,
        reason: w.reason,
        createdAt: w.createdAt.toISOString(),
      })),
    },
    visitSummaries: summaries.map((v) => ({ ...v, sharedAt: iso(v.sharedAt) })),
    // Numbered receipts of every payment (consultations and reports), each with its PDF link.
    receipts: await receiptsOf(db, user.id),
    recordAccess: accessLog,
    // What deleting the account would do, as the privacy page and the confirm dialog say it.
    ifYouDeleteYourAccount: {
      done: DELETION_ACTIONS,
      erased: ERASED_ON_DELETION,
      kept: KEPT_AFTER_DELETION.map((record) => ({ ...record, text: keptRecordText(record) })),
    },
  };
}

export async function setMarketingEmailOptOut(
  db: Db,
  request: { id: unknown },
  user: SessionUser,
  optOut: boolean,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ value: users.marketingEmailOptOut }).from(users).where(eq(users.id, user.id));
    await tx.update(users).set({ marketingEmailOptOut: optOut, updatedAt: now }).where(eq(users.id, user.id));
    await recordAudit(
      tx,
      auditActor(request, user),
      {
        action: 'account.marketing_email',
        target: { type: 'user', id: user.id },
        subjectUserId: user.id,
        before: { marketingEmailOptOut: before?.value ?? false },
        after: { marketingEmailOptOut: optOut },
      },
      now,
    );
    return { marketingEmailOptOut: optOut };
  });
}

export async function accountSettings(db: Db, userId: string) {
  const [row] = await db.select({ value: users.marketingEmailOptOut }).from(users).where(eq(users.id, userId));
  return { marketingEmailOptOut: row?.value ?? false };
}

const WHAT: Record<PatientRecordKind, string> = {
  profile: 'Patient profile',
  appointments: 'Appointments',
  consultation_messages: 'Consultation messages',
  visit_documents: 'Visit documents',
};

/** "Who accessed my records": the reads by others, newest first. Doctors by name, administrators by role. */
export async function recordAccessLog(db: Db, patientId: string, limit = 200): Promise<RecordAccess[]> {
  const actor = alias(users, 'actor');
  const rows = await db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      role: auditEvents.actorRole,
      targetType: auditEvents.targetType,
      firstName: actor.firstName,
      lastName: actor.lastName,
      isDoctor: sql<boolean>`exists (select 1 from ${doctors} where ${doctors.userId} = ${auditEvents.actorId})`,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorId))
    .where(and(eq(auditEvents.subjectUserId, patientId), eq(auditEvents.action, 'patient_record.read')))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    occurredAt: iso(r.occurredAt)!,
    role: r.role,
    name: r.role === 'doctor' && r.firstName ? `Dr. ${r.firstName} ${r.lastName}` : null,
    what: WHAT[r.targetType as PatientRecordKind] ?? r.targetType,
  }));
}
