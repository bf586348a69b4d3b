import type { DoctorProfileUpdate } from '@common/schemas/doctor-profile';
import type { Db } from '../../db/client';
import { formatMoney } from '@common/i18n/format';
import type { Language } from '@common/i18n/languages';
import { localizedError } from '../../core/errors';
import { readSettings } from '../platform/settings';

const FEE_FIELDS = ['consultationFee', 'phoneCallFee', 'inPersonFee'] as const;

/**
 * The administrators' fee bounds, as they are at this save: every fee the draft sets must lie
 * within them (a fee being cleared is not checked).
 */
export async function enforceFeeBounds(db: Db, input: DoctorProfileUpdate): Promise<void> {
  const set = FEE_FIELDS.filter((field) => typeof input[field] === 'number');
  if (!set.length) return;
  const { minConsultationFee: min, maxConsultationFee: max } = await readSettings(db);
  const text = {
    key: 'errors.feeBounds',
    values: (language: Language) => ({ min: formatMoney(min, language), max: formatMoney(max, language) }),
  } as const;
  const outside = set.filter((field) => input[field]! < min || input[field]! > max);
  if (outside.length)
    throw localizedError(
      'bad_request',
      text.key,
      text.values,
      Object.fromEntries(outside.map((field) => [field, text])),
    );
}
