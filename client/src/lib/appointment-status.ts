import { isRoomStatus } from '@common/rules/join-window';
import type { AppointmentStatus } from '@common/schemas/appointments';

/** A paid appointment (confirmed or scheduled); whether it can be joined now is common/rules/join-window.ts. */
export const isJoinableStatus = (status: AppointmentStatus) => isRoomStatus(status);
