import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ApplicationStatus } from '@common/constants/statuses';
import type { AdminApplicationRow, Page } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { doctorApplications, users } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { type AuditActor, recordAudit } from '../audit/record';
import { notify } from '../notifications/service';
import { onApplicationDecided } from '../mail/events';
import { cappedCount, offsetOf, pageOf } from '../platform/paging';
import { likeContaining } from './search';

// Qualified by hand: inside the subquery a bare "email" would be the users' column.
const applicantAccount = sql<boolean>`exists (select 1 from ${users} u where u.email = "doctor_applications"."email")`;

const columns = {
  id: doctorApplications.id,
  firstName: doctorApplications.firstName,
  lastName: doctorApplications.lastName,
  email: doctorApplications.email,
  phone: doctorApplications.phone,
  specialty: doctorApplications.specialty,
  licenseNumber: doctorApplications.licenseNumber,
  yearsOfExperience: doctorApplications.yearsOfExperience,
  consultationFee: doctorApplications.consultationFee,
  languages: doctorApplications.languages,
  aboutMe: doctorApplications.aboutMe,
  status: doctorApplications.status,
  createdAt: doctorApplications.createdAt,
  decidedAt: doctorApplications.decidedAt,
  hasAccount: applicantAccount,
};

type Row = {
  [K in keyof typeof columns]: K extends 'hasAccount'
    ? boolean
    : (typeof doctorApplications.$inferSelect)[K & keyof typeof doctorApplications.$inferSelect];
};

const present = (r: Row): AdminApplicationRow => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

export async function listApplications(
  db: Db,
  query: { page: number; pageSize: number; q?: string; status?: ApplicationStatus },
): Promise<Page<AdminApplicationRow>> {
  const filters: SQL[] = [];
  if (query.q) {
    filters.push(
      sql`lower(${doctorApplications.firstName} || ' ' || ${doctorApplications.lastName} || ' ' || ${doctorApplications.email}) like ${likeContaining(query.q)}`,
    );
  }
  if (query.status) filters.push(eq(doctorApplications.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, count] = await Promise.all([
    db
      .select(columns)
      .from(doctorApplications)
      .where(where)
      .orderBy(desc(doctorApplications.createdAt), desc(doctorApplications.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    cappedCount(db, db.select({ id: doctorApplications.id }).from(doctorApplications).where(where)),
  ]);
  return pageOf(rows.map(present), count, query.page, query.pageSize);
}

/**
 * Approving or rejecting a pending application, once. Approval marks the applicant's doctor
 * account (the one that verified the application's e-mail, when it exists) verified: `users.is_verified`
 * is the team's "this person was checked and may build a profile" mark. The applicant, when they
 * have an account, is told in the app either way.
 */
export async function decideApplication(
  db: Db,
  actor: AuditActor,
  id: string,
  decision: 'approved' | 'rejected',
  note: string | undefined,
  now: Date,
): Promise<AdminApplicationRow> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(doctorApplications)
      .set({ status: decision, decidedAt: now, decidedBy: actor.id })
      .where(and(eq(doctorApplications.id, id), eq(doctorApplications.status, 'pending')))
      .returning();
    if (!changed) {
      const [existing] = await tx.select().from(doctorApplications).where(eq(doctorApplications.id, id));
      if (!existing) throw notFound('Application');
      throw localizedError('conflict', 'errors.applicationAlready', { status: existing.status });
    }
    // Only an account that proved it reads mail at this address is the applicant: whoever merely
    // registered the address first is not, and hears nothing.
    const [account] = await tx
      .select({ id: users.id, userType: users.userType, isVerified: users.isVerified })
      .from(users)
      .where(and(eq(users.email, changed.email), isNotNull(users.emailVerifiedAt)))
      .limit(1);
    let approvedAccount = false;
    if (account && decision === 'approved' && account.userType === 'doctor' && !account.isVerified) {
      await tx.update(users).set({ isVerified: true, updatedAt: now }).where(eq(users.id, account.id));
      approvedAccount = true;
    }
    if (account) {
      await notify(tx, {
        userId: account.id,
        type: decision === 'approved' ? 'application_approved' : 'application_rejected',
        priority: 'high',
        text:
          decision === 'approved'
            ? { titleKey: 'notify.application.approved.title', messageKey: 'notify.application.approved.message' }
            : {
                titleKey: 'notify.application.rejected.title',
                messageKey: note ? 'notify.application.rejected.withNote' : 'notify.application.rejected.message',
                values: note ? { note } : {},
              },
      });
    }
    await onApplicationDecided(tx, id, decision, now);
    await recordAudit(
      tx,
      actor,
      {
        action: decision === 'approved' ? 'application.approve' : 'application.reject',
        target: { type: 'doctor_application', id },
        subjectUserId: account?.id ?? null,
        before: { status: 'pending' },
        after: { status: decision, ...(note ? { note } : {}), ...(approvedAccount ? { accountVerified: true } : {}) },
      },
      now,
    );
    const [row] = await tx.select(columns).from(doctorApplications).where(eq(doctorApplications.id, id));
    return present(row);
  });
}

/**
 * An address was just verified: an application approved for it before it was verified now binds
 * to the doctor account that proved it, as approval would have done then.
 */
export async function bindApprovedApplication(tx: Db, userId: string, email: string, now: Date): Promise<void> {
  const [approved] = await tx
    .select({ id: doctorApplications.id })
    .from(doctorApplications)
    .where(and(eq(doctorApplications.email, email), eq(doctorApplications.status, 'approved')))
    .limit(1);
  if (!approved) return;
  await tx
    .update(users)
    .set({ isVerified: true, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.userType, 'doctor'), eq(users.isVerified, false)));
}
