import { and, eq, type SQL } from 'drizzle-orm';
import { appointments } from '../../db/schema';
import type { Unit } from '../events/bus';
import { cancelAppointment } from '../appointments/commands';
import { paymentNotHolding } from '../appointments/payment-status';
import { moveEntry } from './moves';

/**
 * Ends the live entries `which` selects, as "Stop waiting" does (→ cancelled). A slot still held for
 * one as its offer is released through the one cancel command (nothing was paid), whose
 * `appointment.cancelled` offers it to the next in line after commit. Only an offer carries an
 * offered appointment (an entry never goes back to active), so every one returned had its hold out.
 * A hold whose payment is under way is left to finish, as a lapsing offer's is.
 */
export async function endEntries(unit: Unit, which: SQL) {
  const ended = await moveEntry(unit.tx, 'leave', which, {}, unit.now);
  for (const entry of ended) {
    if (!entry.offeredAppointmentId) continue;
    await cancelAppointment(unit, {
      id: entry.offeredAppointmentId,
      by: 'patient',
      actor: null,
      refund: 'none',
      guard: and(eq(appointments.status, 'pending'), paymentNotHolding(appointments.id)),
    });
  }
  return ended;
}
