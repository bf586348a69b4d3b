import { and, eq, gte } from 'drizzle-orm';
import type { DoctorProfileUpdate } from '@common/schemas/doctor-profile';
import type { Db } from '../../db/client';
import { doctors } from '../../db/schema';
import { badRequest } from '../../core/errors';
import { type AuditActor } from '../audit/record';
import { readSettings } from '../platform/settings';
import { setDoctorVerified } from '../admin-doctors/service';

const FEE_FIELDS = ['consultationFee', 'phoneCallFee', 'inPersonFee'] as const;
const dollars = (cents: number) => `$${cents / 100}`;

/**
 * The administrators' fee bounds, as they are at this save: every fee the draft sets must lie
 * within them (a fee being cleared is not checked).
 */
export async function enforceFeeBounds(db: Db, input: DoctorProfileUpdate): Promise<void> {
  const set = FEE_FIELDS.filter((field) => typeof input[field] === 'number');
  if (!set.length) return;
  const { minConsultationFee: min, maxConsultationFee: max } = await readSettings(db);
  const message = `Fees must be between ${dollars(min)} and ${dollars(max)}`;
  const outside = set.filter((field) => input[field]! < min || input[field]! > max);
  if (outside.length) throw badRequest(message, Object.fromEntries(outside.map((field) => [field, message])));
}

/**
 * With an auto-verify threshold set, a profile just published (awaiting review) whose
 * completeness is at or above it is verified on the spot, audited as the platform's own action.
 */
export async function autoVerifyIfEligible(db: Db, actor: AuditActor, userId: string, now: Date): Promise<boolean> {
  const { autoVerifyThreshold } = await readSettings(db);
  if (autoVerifyThreshold === null) return false;
  const [eligible] = await db
    .select({ id: doctors.id })
    .from(doctors)
    .where(
      and(
        eq(doctors.userId, userId),
        eq(doctors.profileStatus, 'pending_verification'),
        eq(doctors.isVerified, false),
        gte(doctors.profileCompleteness, autoVerifyThreshold),
      ),
    );
  if (!eligible) return false;
  await setDoctorVerified(db, eligible.id, true, actor, now, 'doctor.auto_verify');
  return true;
}
