import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import { whenFor } from '../../core/localized-when';
import type { Db } from '../../db/client';
import type { appointments, outcomeHolds } from '../../db/schema';
import { appointmentView } from '../appointment-view/view';
import { notify } from '../notifications/service';
import { typeValue, whenValue } from '../notifications/texts';

// These texts are still written in English here; other languages are made elsewhere (decision 099).
const whenText = whenFor('en').when;

type AppointmentRow = typeof appointments.$inferSelect;
type HoldRow = typeof outcomeHolds.$inferSelect;

const typeLabel = (type: AppointmentRow['consultationType']) =>
  CONSULTATION_TYPE_LABELS[type].toLowerCase().replace('in-person', 'in-person visit');

/** The patient's bell: what the doctor marked, and until when it can be disputed. */
export async function notifyOutcomeHeld(db: Db, appointment: AppointmentRow, hold: HoldRow) {
  const view = (await appointmentView(db, appointment.id))!;
  const { patient, doctor } = view;
  const when = whenText(appointment.startsAt, patient.zone, doctor.zone);
  const deadline = whenText(hold.releaseAt, patient.zone);
  const done = hold.outcome === 'completed';
  const type = typeLabel(appointment.consultationType);
  await notify(db, {
    userId: appointment.patientId,
    type: 'visit_outcome_marked',
    title: done ? 'Visit Marked Done' : 'Marked as Missed',
    message: done
      ? `Dr. ${doctor.lastName} marked your ${type} on ${when} as done. If it did not take place, dispute it on My Appointments before ${deadline}.`
      : `Dr. ${doctor.lastName} recorded that you did not come to your ${type} on ${when}. If you were there, dispute it on My Appointments before ${deadline}.`,
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
