import { and, desc, eq, sql } from 'drizzle-orm';
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
  auditReadRepeats,
  doctors,
  payments,
  referrals,
  reviews,
  users,
  walletEntries,
} from '../../db/schema';
import { ownChatMessages } from '../../policies/consultation';
import { ownConversationMessages } from '../../policies/conversation';
import { ownDocuments } from '../../policies/document';
import { allFamilyMembersOf } from '../../policies/family-member';
import { memberProfilesOfHolder } from '../../policies/family-member-profile';
import { presentMemberProfile } from '../family/member-profile';
import { presentFamilyMember } from '../family/service';
import { exportWaitlist } from '../waitlist/service';
import { exportCareDocuments } from '../care-documents/service';
import { ownPatientProfile } from '../../policies/patient-record';
import { viewerOf } from '../../policies/viewer';
import { ownSharedSummaries } from '../../policies/visit';
import { notFound } from '../../core/errors';
import { auditActor, recordAudit } from '../audit/record';
import { mfaEnabled } from '../auth/mfa';
import { presentUser } from '../auth/service';
import { presentReferral } from '../referrals/service';
import { receiptsOf } from '../receipts/queries';
import { presentPatientProfile } from './profile';
import { appointmentsBookedBy } from '../../policies/appointment';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Everything Medora holds about the person, as one document they can keep or take elsewhere. */
export async function exportMyData(db: Db, request: { id: unknown }, user: SessionUser, now: Date) {
  const [account] = await db.select().from(users).where(eq(users.id, user.id));
  if (!account) throw notFound('Account');
  const viewer = viewerOf(request, user);
  const profile = await ownPatientProfile(db, viewer);
  const ownAppointments = await db.select().from(appointments).where(appointmentsBookedBy(user));
  const [ownPayments, ownReviews, messages, ownReferrals, wallet, accessLog, summaries] = await Promise.all([
    db.select().from(payments).where(eq(payments.patientId, user.id)),
    db.select().from(reviews).where(eq(reviews.patientId, user.id)),
    ownChatMessages(db, viewer),
    db.select().from(referrals).where(eq(referrals.referrerId, user.id)),
    db.select().from(walletEntries).where(eq(walletEntries.userId, user.id)).orderBy(walletEntries.id),
    recordAccessLog(db, user.id),
    // The summaries doctors shared with the patient; the doctor's private notes are the doctor's record.
    ownSharedSummaries(db, viewer),
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
      familyMemberId: a.familyMemberId,
      createdAt: a.createdAt.toISOString(),
    })),
    // The people the account books for (issue 42), removed ones too, since visits may name them.
    // Each with the health profile kept for them; one who took over their record took it along.
    familyMembers: await (async () => {
      const profiles = new Map((await memberProfilesOfHolder(db, user.id)).map((p) => [p.familyMemberId, p]));
      return (await allFamilyMembersOf(db, user.id)).map((m) => {
        const profile = profiles.get(m.id);
        return {
          ...presentFamilyMember(m),
          deletedAt: iso(m.deletedAt),
          takenOverAt: iso(m.takenOverAt),
          healthProfile: profile ? presentMemberProfile(profile) : null,
        };
      });
    })(),
    // The lines the patient waits in for an earlier time, ended ones too (issue 42).
    waitlist: await exportWaitlist(db, user.id),
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
    // Care between visits (issue 41): every message of the patient's conversations, and their
    // documents (each downloads from its path while signed in).
    conversationMessages: await ownConversationMessages(db, viewer),
    documents: (await ownDocuments(db, viewer)).map((d) => ({
      id: d.id,
      title: d.title,
      contentType: d.contentType,
      size: d.size,
      uploadedBy: d.uploadedBy,
      createdAt: d.createdAt.toISOString(),
      download: `/api/documents/${d.id}`,
    })),
    // Prescriptions, sick notes and referral letters issued to the patient or to a family member
    // they booked for, revoked ones too, with the reason (issue 41).
    careDocuments: await exportCareDocuments(db, viewer),
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
  email_messages: 'E-mails',
  conversation_messages: 'Messages',
  documents: 'Documents',
  family_members: 'Family members',
};

/**
 * "Who accessed my records": the reads by others, newest first. Doctors by name, administrators by
 * role. Repeats within ten minutes are one line with their count and the time of the last one.
 */
export async function recordAccessLog(db: Db, patientId: string, limit = 200): Promise<RecordAccess[]> {
  const actor = alias(users, 'actor');
  const rows = await db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      role: auditEvents.actorRole,
      targetType: auditEvents.targetType,
      count: sql<number>`coalesce(${auditReadRepeats.readCount}, 1)`,
      lastReadAt: auditReadRepeats.lastReadAt,
      firstName: actor.firstName,
      lastName: actor.lastName,
      isDoctor: sql<boolean>`exists (select 1 from ${doctors} where ${doctors.userId} = ${auditEvents.actorId})`,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorId))
    .leftJoin(auditReadRepeats, eq(auditReadRepeats.eventId, auditEvents.id))
    .where(and(eq(auditEvents.subjectUserId, patientId), eq(auditEvents.action, 'patient_record.read')))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    occurredAt: iso(r.occurredAt)!,
    count: Number(r.count),
    lastReadAt: iso(r.lastReadAt ?? r.occurredAt)!,
    role: r.role,
    name: r.role === 'doctor' && r.firstName ? `Dr. ${r.firstName} ${r.lastName}` : null,
    what: WHAT[r.targetType as PatientRecordKind] ?? r.targetType,
  }));
}
