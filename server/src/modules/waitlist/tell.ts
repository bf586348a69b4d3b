import type { Db } from '../../db/client';
import type { appointments, waitlistEntries } from '../../db/schema';
import { appointmentView } from '../appointment-view/view';
import { enqueueWaitlistOfferMail } from '../mail/waitlist-offer';
import { notify } from '../notifications/service';
import { queueOfferPush } from '../push/subscribers';
import { typeValue, whenValue } from '../notifications/texts';

type EntryRow = typeof waitlistEntries.$inferSelect;
type AppointmentRow = typeof appointments.$inferSelect;

/**
 * The patient hears of the offer by bell, e-mail and push, in the offer's transaction (e-mail and
 * push are jobs, so it goes only if the offer committed). Both say the doctor, the time and until when it is
 * held, and lead to the checkout of the held booking; never how many others wait.
 */
export async function tellOffer(tx: Db, entry: EntryRow, hold: AppointmentRow, now: Date) {
  const view = await appointmentView(tx, hold.id);
  if (!view) return;
  const { patient, doctor } = view;
  const until = entry.offerExpiresAt ?? now;
  await notify(tx, {
    userId: entry.patientId,
    type: 'waitlist_offer',
    priority: 'high',
    text: {
      titleKey: 'waitlist.notify.title',
      messageKey: 'waitlist.notify.message',
      values: {
        doctor: doctor.lastName,
        type: typeValue(hold.consultationType),
        when: whenValue(hold.startsAt, patient.zone, doctor.zone),
        until: whenValue(until, patient.zone),
      },
    },
  });
  await enqueueWaitlistOfferMail(tx, hold.id, now);
  await queueOfferPush(tx, entry.patientId, hold.id, now);
}
