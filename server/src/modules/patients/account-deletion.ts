import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { ACCOUNT_DELETED_REASON, ERASED_MESSAGE_TEXT } from '@common/constants/account-deletion';
import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import type { SessionUser } from '../../core/session-user';
import { verifyPassword } from '../../core/passwords';
import type { Db } from '../../db/client';
import {
  accountTokens,
  appointments,
  bookingOrigins,
  calendarFeeds,
  chatMessages,
  consultationPrechecks,
  emailMessages,
  familyMembers,
  jobs,
  mfaChallenges,
  mfaRecoveryCodes,
  notifications,
  oidcIdentities,
  patientProfiles,
  receipts,
  referrals,
  reviews,
  sessions,
  users,
  userTotp,
  waitlistEntries,
} from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { cancelAppointment } from '../appointments/commands';
import { auditActor, recordAudit } from '../audit/record';
import { inUnit, type UnitServices } from '../events/bus';
import { forgetCare } from './forget-care';
import { addressesOf, dropMailTo, unnameInDoctorsBells, unnameInJobs, unnameWalletNotes } from './forget-person';
import { appointmentsBookedBy } from '../../policies/appointment';
import { receiptsVisibleTo } from '../../policies/receipt';
import { forgetDevices } from '../push/subscriptions';

/**
 * The address a deleted account keeps: in a domain no one may register (`.invalid`, refused at
 * sign-up and e-mail change) and with a random part, so it cannot clash with any row, even one
 * registered before the domain was refused.
 */
export const deletedEmail = (userId: string) => `deleted-${userId}-${randomUUID().slice(0, 8)}@deleted.invalid`;
const DELETED_NAME = 'Deleted';
const DELETED_USER = `${DELETED_NAME} User`;

/**
 * Doctors' and administrators' accounts carry other people's bookings and are closed by support
 * instead. Asked before the password is checked, so asking does not count as a wrong guess.
 */
export function refuseUndeletable(user: SessionUser) {
  if (user.userType !== 'patient') {
    throw localizedError('conflict', 'errors.doctorAdministratorAccountsClosed');
  }
}

/** The account, when this is its password. */
async function checkDeletion(db: Db, user: SessionUser, password: string) {
  refuseUndeletable(user);
  const [account] = await db
    .select({
      passwordHash: users.passwordHash,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  if (!account) throw notFound('Account');
  if (!(await verifyPassword(account.passwordHash, password))) {
    throw localizedError('bad_request', 'errors.passwordCorrect', undefined, {
      password: { key: 'errors.field.passwordNotCorrect' },
    });
  }
  return account;
}

/**
 * Deletes the account as the privacy page promises (common/constants/account-deletion.ts): the
 * upcoming appointments are cancelled and refunded in full through the one cancel command; mail
 * still waiting for the person and stored copies of mail to their address go; their own data is
 * erased; what the retention rules keep (payments, the appointments they refer to, the doctors'
 * visit notes, the access log) stays without anything that names the person. One transaction.
 */
export async function deleteMyAccount(
  services: UnitServices,
  request: { id: unknown },
  user: SessionUser,
  password: string,
  now: Date,
) {
  const account = await checkDeletion(services.db, user, password);
  await inUnit(services, now, async (unit) => {
    const { tx } = unit;
    const actor = auditActor(request, user);
    const mine = appointmentsBookedBy(user);
    const upcoming = await tx
      .select({ id: appointments.id, status: appointments.status })
      .from(appointments)
      .where(and(mine, inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]), gt(appointments.startsAt, now)));
    for (const appointment of upcoming) {
      await cancelAppointment(unit, {
        id: appointment.id,
        // An unpaid hold was never announced to the doctor; it ends as a lapsed hold does, quietly.
        by: appointment.status === 'pending' ? 'system' : 'patient',
        actor,
        reason: ACCOUNT_DELETED_REASON,
        refund: 'full',
        guard: mine,
      });
    }
    const myAppointmentIds = tx.select({ id: appointments.id }).from(appointments).where(mine);
    const fullName = `${account.firstName} ${account.lastName}`;
    // Read before the pending links that hold a new address are dropped below.
    const addresses = await addressesOf(tx, user.id, account.email);
    const placeholder = { address: deletedEmail(user.id), name: DELETED_USER };
    // Mail jobs carry ids, not addresses: the ones for this person are theirs by recipient or user id.
    await tx
      .delete(jobs)
      .where(
        and(
          eq(jobs.status, 'queued'),
          or(
            and(inArray(jobs.appointmentId, myAppointmentIds), sql`${jobs.payload}->>'recipient' = 'patient'`),
            sql`${jobs.payload}->>'userId' = ${user.id}`,
          ),
        ),
      );
    // Finished jobs keep their rows for the administrators, without the addresses or the name.
    await unnameInJobs(tx, user.id, addresses, fullName, placeholder);
    // Stored copies name the person: every one to their address, and the doctor's copies about
    // their appointments (the doctor's own mailbox is the doctor's record of what was sent).
    await tx
      .delete(emailMessages)
      .where(
        or(
          eq(emailMessages.userId, user.id),
          sql`lower(${emailMessages.toAddress}) = ${account.email.toLowerCase()}`,
          inArray(emailMessages.appointmentId, myAppointmentIds),
        ),
      );
    await dropMailTo(tx, addresses);
    // The doctors' bells, the cancellations just announced included, keep the visits, not the name.
    await unnameInDoctorsBells(tx, user.id, fullName, DELETED_USER);
    await forgetCare(tx, user.id, fullName, DELETED_USER);
    // Family members go with the account; their visits stay as the holder's, unnamed (on delete set null).
    await tx.delete(familyMembers).where(eq(familyMembers.holderId, user.id));
    // The account waits for nothing any more (issue 42); its held offers were cancelled with its bookings.
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.patientId, user.id));
    await tx.delete(bookingOrigins).where(inArray(bookingOrigins.appointmentId, myAppointmentIds));
    await tx
      .update(chatMessages)
      .set({ message: ERASED_MESSAGE_TEXT })
      .where(inArray(chatMessages.consultationId, myAppointmentIds));
    await tx.update(chatMessages).set({ senderName: DELETED_USER }).where(eq(chatMessages.senderId, user.id));
    await tx
      .update(users)
      .set({
        email: deletedEmail(user.id),
        passwordHash: null,
        firstName: DELETED_NAME,
        lastName: 'User',
        profileImageUrl: null,
        isActive: false,
        referralCode: null,
        marketingEmailOptOut: true,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.delete(patientProfiles).where(eq(patientProfiles.userId, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // Pending links carry an address (an e-mail change) and the sign-in secrets outlive their use.
    await tx.delete(accountTokens).where(eq(accountTokens.userId, user.id));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    // The provider's person must not sign in to the emptied account again.
    await tx.delete(oidcIdentities).where(eq(oidcIdentities.userId, user.id));
    // Which camera and network a person had is about them, not a record the law keeps.
    await tx.delete(consultationPrechecks).where(eq(consultationPrechecks.userId, user.id));
    await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, user.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await tx.delete(notifications).where(eq(notifications.userId, user.id));
    await forgetDevices(tx, user.id);
    await tx.update(appointments).set({ reasonForVisit: '', additionalNotes: null, updatedAt: now }).where(mine);
    await tx.update(reviews).set({ comment: null }).where(eq(reviews.patientId, user.id));
    // A goodwill credit's reason was written to the person and may name them.
    await unnameWalletNotes(tx, user.id);
    // Receipts are kept for the accounts, without the name and address of the person.
    await tx
      .update(receipts)
      .set({ buyerName: DELETED_USER, buyerEmail: deletedEmail(user.id) })
      .where(receiptsVisibleTo(user));
    // Invitations to other people's addresses are theirs to forget; the one that brought this
    // person in no longer names them.
    await tx.delete(referrals).where(and(eq(referrals.referrerId, user.id), eq(referrals.status, 'pending')));
    await tx
      .update(referrals)
      .set({ referredEmail: deletedEmail(user.id) })
      .where(eq(referrals.referredUserId, user.id));
    await recordAudit(
      tx,
      actor,
      {
        action: 'account.delete',
        target: { type: 'user', id: user.id },
        subjectUserId: user.id,
        after: { appointmentsCancelled: upcoming.length },
      },
      now,
    );
  });
}
