import { eq, type SQL } from 'drizzle-orm';
import { doctors } from '../db/schema';
import type { Viewer } from './viewer';

/*
 * A doctor's own record (the doctors row: profile, schedule, book, payout account, verification).
 * Only the account it belongs to manages it; administrators act on it through the console's own
 * commands (verification, activation), each audited there. Everyone else reads the public listing,
 * never the row: a doctor row that is not the viewer's is answered 404.
 */

export type DoctorAction = 'manage';

export function can(viewer: Pick<Viewer, 'id'>, action: DoctorAction, doctor: { userId: string }): boolean {
  switch (action) {
    case 'manage':
      return doctor.userId === viewer.id;
  }
}

/**
 * The SQL form of `can(viewer, 'manage', …)` over `doctors`: the viewer's own row (none for a
 * patient or an administrator). Also takes `{id}` of the account a command or job acts for.
 */
export const doctorsOwnedBy = (viewer: Pick<Viewer, 'id'>): SQL => eq(doctors.userId, viewer.id);
