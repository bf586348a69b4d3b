import type { DoctorProfileUpdate } from '@common/schemas/doctor-profile';
import type { Db } from '../../db/client';
import { badRequest } from '../../core/errors';
import { readSettings } from '../platform/settings';

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
