import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PENDING_HOLD_MINUTES } from '@common/constants/platform';
import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import { appointments } from '../../db/schema';
import { paymentNotHolding } from './payment-status';

/**
 * Which bookings keep their slot, written once for booking, moving, proposing, the availability
 * endpoint and the search's next free slot. `table` is `appointments` or an alias of it; `now` is
 * an instant, or an SQL timestamptz expression bound at execution (the search's prepared statement).
 */
type AppointmentsTable = Record<'id' | 'status' | 'createdAt', SQLWrapper>;

const instant = (now: Date | SQL) => (now instanceof Date ? sql`${now.toISOString()}::timestamptz` : now);
const LIVE = sql.raw(`(${LIVE_APPOINTMENT_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/**
 * An unpaid booking holds its slot for PENDING_HOLD_MINUTES from its creation, however often its
 * checkout is opened; after that, unless money is moving, a new booking may take the slot (the
 * stale one is cancelled), so abandoned checkouts never block a doctor's calendar.
 */
export const staleHold = (now: Date | SQL, table: AppointmentsTable = appointments): SQL =>
  sql`(${table.status} = 'pending'
    and ${table.createdAt} < ${instant(now)} - interval '${sql.raw(String(PENDING_HOLD_MINUTES))} minutes'
    and ${paymentNotHolding(table.id)})`;

/** A booking that takes its slot: live, and not an unpaid hold past its time. */
export const holdsSlot = (now: Date | SQL, table: AppointmentsTable = appointments): SQL =>
  sql`(${table.status} in ${LIVE} and not ${staleHold(now, table)})`;
