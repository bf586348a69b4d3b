import type { AppointmentStatus } from '../constants/statuses';

/**
 * When a doctor may read a patient's profile: only around a paid visit with them. From
 * OPENS_DAYS_BEFORE the start until CLOSES_DAYS_AFTER the later of the start and the moment the
 * visit summary was shared (a summary written late keeps the doctor's follow-up open with it).
 */
export const RECORD_ACCESS = {
  opensDaysBefore: 7,
  closesDaysAfter: 30,
  /** A paid visit, still ahead or held: a pending (unpaid) hold opens nothing. */
  statuses: ['confirmed', 'scheduled', 'completed'] as const satisfies readonly AppointmentStatus[],
};
