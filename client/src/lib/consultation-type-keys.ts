import type { ConsultationType } from '@common/constants/consultation-types';
import type { ClientMessageKey } from '@common/i18n/keys';

/** "Video Call", "Voice Call", "In-Person" (CONSULTATION_TYPE_LABELS) as catalogue keys of the `visits` area. */
export const TYPE_LABEL: Record<ConsultationType, ClientMessageKey> = {
  video: 'visits.type.video',
  voice: 'visits.type.voice',
  'in-person': 'visits.type.inPerson',
};
