import { whenFor } from '../../core/localized-when';
import type { Db } from '../../db/client';
import type { appointments, waitlistEntries } from '../../db/schema';
import { appointmentView } from '../appointment-view/view';
import { enqueueWaitlistOfferMail } from '../mail/waitlist-offer';
import { notify } from '../notifications/service';
import { queueOfferPush } from '../push/subscribers';
import { typeValue, whenValue } from '../notifications/texts';

// These texts are still written in English here; other languages are made elsewhere (decision 099).
const whenText = whenFor('en').when;

type EntryRow = typeof waitlistEntries.$inferSelect;
type AppointmentRow = typeof appointments.$inferSelect;

const TYPE_WORDS = { video: 'video call', voice: 'voice call', 'in-person': 'in-person visit' } as const;

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
    title: 'An Earlier Time Is Held for You',
    message:
      `Dr. ${doctor.lastName} has a ${TYPE_WORDS[hold.consultationType]} free on ` +
      `${whenText(hold.startsAt, patient.zone, doctor.zone)}. It is held for you until ` +
      `${whenText(until, patient.zone)}: pay on My Appointments to book it.`,
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
