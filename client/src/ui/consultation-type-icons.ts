import { MapPin, Phone, Video, type LucideIcon } from 'lucide-react';
import type { ConsultationType } from '@common/constants/consultation-types';

/** The picture of each consultation type; a new type in common/ fails to compile until it has one. */
export const CONSULTATION_TYPE_ICONS: Record<ConsultationType, LucideIcon> = {
  video: Video,
  voice: Phone,
  'in-person': MapPin,
};
