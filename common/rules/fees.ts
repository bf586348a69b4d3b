import type { ConsultationType } from '../constants/consultation-types';

type FeeSource = {
  consultationFee: number;
  videoCallFee?: number | null;
  phoneCallFee?: number | null;
  inPersonFee?: number | null;
};

/** Each kind of consultation has its own fee; an unset one falls back to the consultation fee. */
export function feeForType(doctor: FeeSource, type: ConsultationType): number {
  const specific = type === 'video' ? doctor.videoCallFee : type === 'voice' ? doctor.phoneCallFee : doctor.inPersonFee;
  return specific && specific > 0 ? specific : doctor.consultationFee;
}

/** English only, for the two callers left until the mails and payouts move to common/i18n's formatMoney (next commit). */
export function formatMoney(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toLocaleString('en-US') : dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
