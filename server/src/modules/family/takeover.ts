import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { ACCOUNT_TOKEN_TTL_MS } from '@common/constants/account-tokens';
import { FAMILY_TAKEOVER_AGE } from '@common/constants/family';
import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import { ageOn } from '@common/rules/age';
import type {
  TakeoverAcceptBody,
  TakeoverInvitation,
  TakeoverInvitationBody,
  TakeoverPreview,
} from '@common/schemas/family-takeover';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accountTokens, appointments, careDocuments, documents, familyMembers, users } from '../../db/schema';
import { localizedError } from '../../core/errors';
import { hashPassword } from '../../core/passwords';
import { INVALID_LINK, consumeAccountToken, peekAccountToken } from '../account-tokens/tokens';
import { recordAudit, type AuditActor } from '../audit/record';
import { inUnit, type UnitServices } from '../events/bus';
import { enqueueAccountEmail } from '../mail/events';
import { ownFamilyMember, type FamilyMemberRow } from '../../policies/family-member';
import { moveMemberProfile } from '../../policies/family-member-handover';
import type { Viewer } from '../../policies/viewer';

/*
 * A family member who turned FAMILY_TAKEOVER_AGE takes over their own record (issue 42, decision
 * 100). The holder invites them by e-mail; accepting makes an account for them, and their past
 * visits (with notes, summaries, prescriptions) and the documents filed under them become that
 * account's. The holder keeps what they paid (payments, receipts, reviews, their conversations)
 * and no longer sees the member. While a visit for the member is still to come, the holder's
 * money is in it, so the handover waits until none is.
 */

const today = (now: Date) => now.toISOString().slice(0, 10);
const invalidLink = () => localizedError('bad_request', INVALID_LINK.family_takeover);

/** The rules the member must meet, checked at the invitation and again at acceptance. */
async function checkHandover(db: Db, member: FamilyMemberRow, now: Date) {
  if (ageOn(member.dateOfBirth, today(now)) < FAMILY_TAKEOVER_AGE) {
    throw localizedError('conflict', 'family.errors.takeoverTooYoung', { age: FAMILY_TAKEOVER_AGE });
  }
  const [upcoming] = await db
    .select({ n: count() })
    .from(appointments)
    .where(
      and(eq(appointments.familyMemberId, member.id), inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES])),
    );
  if (Number(upcoming?.n ?? 0) > 0) throw localizedError('conflict', 'family.errors.takeoverUpcoming');
}

async function addressTaken(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/**
 * The holder invites a member of FAMILY_TAKEOVER_AGE or more to take over their record, at the
 * address they will sign in with. An earlier invitation for the member stops working; the new
 * link is issued when the mail goes (composeAccountEmail), so no job holds a usable token.
 */
export async function inviteToTakeOver(
  db: Db,
  viewer: Viewer,
  actor: AuditActor,
  memberId: string,
  body: TakeoverInvitationBody,
  now: Date,
): Promise<TakeoverInvitation> {
  const email = body.email;
  return db.transaction(async (tx) => {
    const member = await ownFamilyMember(tx, viewer, memberId, { lock: 'update' });
    await checkHandover(tx, member, now);
    if (await addressTaken(tx, email)) throw localizedError('conflict', 'errors.anotherAccountUsesAddress');
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.familyMemberId, member.id),
          eq(accountTokens.purpose, 'family_takeover'),
          isNull(accountTokens.usedAt),
        ),
      );
    await enqueueAccountEmail(
      tx,
      { kind: 'family_takeover_invite', userId: viewer.id, familyMemberId: member.id, email },
      now,
    );
    // The trail names the member, never the address (it is the member's, not the holder's).
    await recordAudit(
      tx,
      actor,
      { action: 'family_member.takeover_invite', target: { type: 'family_member', id: member.id } },
      now,
    );
    return { email, expiresAt: new Date(now.getTime() + ACCOUNT_TOKEN_TTL_MS.family_takeover).toISOString() };
  });
}

/** The member an open link hands over, still the holder's and live; the link's 400 otherwise. */
async function invitedMember(db: Db, link: { userId: string; familyMemberId: string | null }, lock?: 'update') {
  if (!link.familyMemberId) throw invalidLink();
  return ownFamilyMember(db, { id: link.userId }, link.familyMemberId, lock ? { lock } : {}).catch(() => {
    throw invalidLink();
  });
}

/** What accepting the link will do, for the page that asks: whose record, from whom, how many visits. */
export async function previewTakeover(db: Db, token: string, now: Date): Promise<TakeoverPreview> {
  const link = await peekAccountToken(db, 'family_takeover', token, now);
  const member = await invitedMember(db, link);
  const [holder] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, link.userId));
  const [visits] = await db.select({ n: count() }).from(appointments).where(eq(appointments.familyMemberId, member.id));
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    email: link.newEmail ?? '',
    holderFirstName: holder?.firstName ?? '',
    visits: Number(visits?.n ?? 0),
  };
}

/**
 * Accepts the invitation: one transaction makes the account (its address confirmed by the link),
 * copies the member's health profile into it, moves the member's visits, their signed documents
 * and the documents filed under them, and ends the member for the holder. Any refusal leaves the
 * link unused and nothing moved.
 */
export async function acceptTakeover(services: UnitServices, body: TakeoverAcceptBody, requestId: string, now: Date) {
  const passwordHash = await hashPassword(body.password);
  return inUnit(services, now, async (unit) => {
    const { tx } = unit;
    const link = await consumeAccountToken(tx, ['family_takeover'], body.token, now);
    const member = await invitedMember(tx, link, 'update');
    await checkHandover(tx, member, now);
    const [holder] = await tx
      .select({ language: users.language, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, member.holderId));
    const account = await createAccount(tx, {
      email: link.newEmail!,
      passwordHash,
      firstName: member.firstName,
      lastName: member.lastName,
      language: holder?.language ?? null,
      timeZone: holder?.timeZone ?? null,
      now,
    });
    await moveMemberProfile(tx, member, account.id, now);
    const moved = await tx
      .update(appointments)
      .set({ patientId: account.id, familyMemberId: null, updatedAt: now })
      .where(eq(appointments.familyMemberId, member.id))
      .returning({ id: appointments.id });
    if (moved.length > 0) {
      await tx
        .update(careDocuments)
        .set({ patientId: account.id })
        .where(
          inArray(
            careDocuments.appointmentId,
            moved.map((m) => m.id),
          ),
        );
    }
    await tx
      .update(documents)
      .set({ patientId: account.id, familyMemberId: null })
      .where(eq(documents.familyMemberId, member.id));
    const [after] = await tx
      .update(familyMembers)
      .set({ takenOverBy: account.id, takenOverAt: now, deletedAt: now, updatedAt: now })
      .where(eq(familyMembers.id, member.id))
      .returning();
    await recordAudit(
      tx,
      { id: account.id, role: 'patient', requestId },
      {
        action: 'family_member.taken_over',
        target: { type: 'family_member', id: member.id },
        subjectUserId: member.holderId,
        after: { visits: moved.length },
      },
      now,
    );
    await unit.emit('family_member.removed', { member: after });
    await unit.emit('family_member.taken_over', { member: after, accountId: account.id });
    return account;
  });
}

async function createAccount(
  tx: Db,
  input: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    language: (typeof users.$inferInsert)['language'];
    timeZone: string | null;
    now: Date;
  },
) {
  const { now, ...fields } = input;
  try {
    // A savepoint, so an address taken since the invitation leaves the transaction able to refuse.
    return await tx.transaction(async (sp) => {
      const [row] = await sp
        .insert(users)
        .values({ ...fields, userType: 'patient', emailVerifiedAt: now, createdAt: now, updatedAt: now })
        .returning();
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw localizedError('conflict', 'errors.anotherAccountUsesAddress');
    throw error;
  }
}
