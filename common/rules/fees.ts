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
