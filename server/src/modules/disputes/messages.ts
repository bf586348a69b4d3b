import type { Db } from '../../db/client';
import type { appointments, outcomeHolds } from '../../db/schema';
import { appointmentView } from '../appointment-view/view';
import { notify } from '../notifications/service';
import { typeValue, whenValue } from '../notifications/texts';

type AppointmentRow = typeof appointments.$inferSelect;
type HoldRow = typeof outcomeHolds.$inferSelect;

/** The patient's bell: what the doctor marked, and until when it can be disputed. */
export async function notifyOutcomeHeld(db: Db, appointment: AppointmentRow, hold: HoldRow) {
  const view = (await appointmentView(db, appointment.id))!;
  const { patient, doctor } = view;
  const done = hold.outcome === 'completed';
  await notify(db, {
    userId: appointment.patientId,
    type: 'visit_outcome_marked',
    priority: 'high',
    text: {
      titleKey: done ? 'notify.outcome.doneTitle' : 'notify.outcome.noShowTitle',
      messageKey: done ? 'notify.outcome.done' : 'notify.outcome.noShow',
      values: {
        type: typeValue(appointment.consultationType),
        doctor: doctor.lastName,
        when: whenValue(appointment.startsAt, patient.zone, doctor.zone),
        deadline: whenValue(hold.releaseAt, patient.zone),
      },
    },
  });
}
