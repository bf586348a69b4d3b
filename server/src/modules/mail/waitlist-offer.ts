import { eq } from 'drizzle-orm';
import { languageOf } from '@common/i18n/negotiate';
import type { Db } from '../../db/client';
import { waitlistEntries } from '../../db/schema';
import { translate } from '../../core/i18n';
import { localizedWhen } from '../../core/localized-when';
import { appointmentView } from '../appointment-view/view';
import { enqueueJobs } from '../jobs/queue';
import type { Composition } from './composition';
import { DEFAULT_LANGUAGE } from '@common/i18n/languages';

const TYPE_KEY = { video: 'mail.type.video', voice: 'mail.type.voice', 'in-person': 'mail.type.inPerson' } as const;

/** Queued in the offer's transaction: the mail exists exactly when the offer committed. */
export async function enqueueWaitlistOfferMail(tx: Db, appointmentId: string, now: Date) {
  await enqueueJobs(tx, [
    {
      kind: 'email',
      payload: { kind: 'waitlist_offer', appointmentId, recipient: 'patient' },
      runAt: now,
      appointmentId,
    },
  ]);
}

/**
 * "An earlier time is held for you" (issue 42): the doctor, the kind of visit, its time and until
 * when it is held, with a one-tap link to the held booking's checkout. Dropped when the offer is
 * no longer held by the time the mail goes (booked, lapsed, left).
 */
export async function composeWaitlistOffer(db: Db, origin: string, appointmentId: string): Promise<Composition> {
  const [view, [entry]] = await Promise.all([
    appointmentView(db, appointmentId),
    db.select().from(waitlistEntries).where(eq(waitlistEntries.offeredAppointmentId, appointmentId)),
  ]);
  if (!view || !entry) return { dropped: 'the offer no longer exists' };
  if (entry.status !== 'offered' || view.status !== 'pending' || !entry.offerExpiresAt) {
    return { dropped: 'the offer is no longer held' };
  }
  if (view.patient.deleted) return { dropped: 'the account was deleted' };
  const { patient, doctor } = view;
  const language = languageOf(patient.language) ?? DEFAULT_LANGUAGE;
  const url = `${origin}/checkout?appointmentId=${appointmentId}`;
  const subject = translate(language, 'waitlist.mail.subject');
  return {
    kind: 'waitlist_offer',
    userId: patient.userId,
    toAddress: patient.email,
    appointmentId,
    content: {
      subject,
      heading: subject,
      paragraphs: [
        translate(language, 'mail.greeting.patient', { name: patient.firstName }),
        translate(language, 'waitlist.mail.line', {
          doctor: `Dr. ${doctor.firstName} ${doctor.lastName}`,
          type: translate(language, TYPE_KEY[view.consultationType]),
          when: localizedWhen(language, view.startsAt, patient.zone, doctor.zone),
          until: localizedWhen(language, entry.offerExpiresAt, patient.zone),
        }),
      ],
      action: { label: translate(language, 'waitlist.mail.action'), url },
      language,
    },
    ics: null,
    suppressed: false,
  };
}
