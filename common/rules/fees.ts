export type ConsultationType = 'video' | 'voice' | 'in-person';

type FeeSource = {
  consultationFee: number;
  videoCallFee?: number | null;
  phoneCallFee?: number | null;
  inPersonFee?: number | null;
};

/** Spec §5: each type has its own fee, falling back to the consultation fee. */
export function feeForType(doctor: FeeSource, type: ConsultationType): number {
  const specific = type === 'video' ? doctor.videoCallFee : type === 'voice' ? doctor.phoneCallFee : doctor.inPersonFee;
  return specific && specific > 0 ? specific : doctor.consultationFee;
}

/** Cents to "$150" or "$149.50" — whole dollars drop the decimals. */
export function formatMoney(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toLocaleString('en-US') : dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
