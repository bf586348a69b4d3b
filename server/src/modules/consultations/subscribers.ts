import { and, eq, inArray } from 'drizzle-orm';
import { consultations } from '../../db/schema';
import { on } from '../events/bus';

/** A cancelled appointment's room closes: its row ends, and everyone in it is told after commit. */
export const consultationSubscribers = [
  on('appointment.cancelled', 'consultations: close the room', async ({ appointment }, unit) => {
    await unit.tx
      .update(consultations)
      .set({ status: 'ended', endedAt: unit.now })
      .where(
        and(eq(consultations.appointmentId, appointment.id), inArray(consultations.status, ['waiting', 'active'])),
      );
    const rooms = unit.services.rooms;
    if (rooms) unit.afterCommit(() => rooms.closeRoom(appointment.id));
  }),
];
