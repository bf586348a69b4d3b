import { and, eq, sql } from 'drizzle-orm';
import { EARLIEST_BIRTH_YEAR } from '@common/constants/patient-profile';
import { FAMILY_MEMBER_LIMIT } from '@common/constants/family';
import type { FamilyMember } from '@common/schemas/family';
import type { familyMemberBodySchema } from '@common/schemas/family';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { familyMembers } from '../../db/schema';
import { localizedError } from '../../core/errors';
import { inUnit, type UnitServices } from '../events/bus';
import {
  familyMembersHeldBy,
  liveFamilyMemberCount,
  ownFamilyMember,
  ownFamilyMembers,
  readFamilyMember,
  type FamilyMemberRow,
} from '../../policies/family-member';
import type { Viewer } from '../../policies/viewer';

/*
 * Family members an account holder books for (issue 42, docs/families.md): at most
 * FAMILY_MEMBER_LIMIT live ones. Deleting one keeps its row (deletedAt) for the visits booked for it.
 */

type Body = z.output<typeof familyMemberBodySchema>;

export const presentFamilyMember = (row: FamilyMemberRow): FamilyMember => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  dateOfBirth: row.dateOfBirth,
  relationship: row.relationship,
  createdAt: row.createdAt.toISOString(),
});

/** A date of birth after today (the server's clock, UTC) or before 1900 is refused with its field named. */
function checkDateOfBirth(value: string, now: Date) {
  if (Number(value.slice(0, 4)) < EARLIEST_BIRTH_YEAR) {
    const text = { key: 'family.errors.dateOfBirthEarly' as const, values: { year: EARLIEST_BIRTH_YEAR } };
    throw localizedError('bad_request', text.key, text.values, { dateOfBirth: text });
  }
  if (value > now.toISOString().slice(0, 10)) {
    throw localizedError('bad_request', 'family.errors.dateOfBirthFuture', undefined, {
      dateOfBirth: { key: 'family.errors.dateOfBirthFuture' },
    });
  }
}

export async function listFamilyMembers(db: Db, viewer: Viewer): Promise<FamilyMember[]> {
  return (await ownFamilyMembers(db, viewer)).map(presentFamilyMember);
}

export async function getFamilyMember(db: Db, viewer: Viewer, id: string, now: Date): Promise<FamilyMember> {
  return presentFamilyMember(await readFamilyMember(db, viewer, id, now));
}

/** Adds a member; the count is taken under the holder's lock, so two adds at once cannot pass the limit. */
export async function addFamilyMember(db: Db, viewer: Viewer, body: Body, now: Date): Promise<FamilyMember> {
  checkDateOfBirth(body.dateOfBirth, now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`family:${viewer.id}`}))`);
    if ((await liveFamilyMemberCount(tx, viewer)) >= FAMILY_MEMBER_LIMIT) {
      throw localizedError('conflict', 'family.errors.limit', { max: FAMILY_MEMBER_LIMIT });
    }
    const [row] = await tx
      .insert(familyMembers)
      .values({ holderId: viewer.id, ...body, createdAt: now, updatedAt: now })
      .returning();
    return presentFamilyMember(row);
  });
}

export async function updateFamilyMember(db: Db, viewer: Viewer, id: string, body: Body, now: Date) {
  await ownFamilyMember(db, viewer, id);
  checkDateOfBirth(body.dateOfBirth, now);
  const [row] = await db
    .update(familyMembers)
    .set({ ...body, updatedAt: now })
    .where(and(eq(familyMembers.id, id), familyMembersHeldBy(viewer)))
    .returning();
  if (!row) return presentFamilyMember(await ownFamilyMember(db, viewer, id));
  return presentFamilyMember(row);
}

/**
 * Deleting keeps the row, so a doctor's past and booked visits still say whom they were for. The
 * removal is a domain event in the same transaction: what hangs on the member elsewhere (their
 * waitlist entries and held offers) ends with it or not at all.
 */
export async function deleteFamilyMember(services: UnitServices, viewer: Viewer, id: string, now: Date) {
  await ownFamilyMember(services.db, viewer, id);
  await inUnit(services, now, async (unit) => {
    const [member] = await unit.tx
      .update(familyMembers)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(familyMembers.id, id), familyMembersHeldBy(viewer)))
      .returning();
    // A removal that ran at the same time won: it emitted the event; this one is the same answer.
    if (member) await unit.emit('family_member.removed', { member });
  });
}
