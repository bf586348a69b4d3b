import type { AppointmentStatus } from '@common/schemas/appointments';

/** A paid appointment (confirmed or scheduled) can be joined; the patient's list and the doctor's day agree. */
export const isJoinableStatus = (status: AppointmentStatus) => status === 'confirmed' || status === 'scheduled';
