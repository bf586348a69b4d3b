import { eq } from 'drizzle-orm';
import { languageOf } from '@common/i18n/negotiate';
import type { Language } from '@common/i18n/languages';
import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import type { Db } from '../../db/client';
import { outcomeHolds } from '../../db/schema';
import { translate } from '../../core/i18n';
import { localizedWhen } from '../../core/localized-when';
import { appointmentView } from '../appointment-view/view';
import type { Composition } from './composition';
import { localTimeText } from './local-time';
import type { EmailContent } from './template';

const TYPE_KEY = { video: 'mail.type.video', voice: 'mail.type.voice', 'in-person': 'mail.type.inPerson' } as const;

/**
 * "Your visit was marked as done / missed": what the doctor marked, and until when the patient may
 * dispute it on My Appointments. Nothing clinical: the doctor, the kind of visit and its time.
 */
export async function composeOutcomeMarked(db: Db, origin: string, appointmentId: string): Promise<Composition> {
  const [view, [hold]] = await Promise.all([
    appointmentView(db, appointmentId),
    db.select().from(outcomeHolds).where(eq(outcomeHolds.appointmentId, appointmentId)),
  ]);
  if (!view || !hold) return { dropped: 'the appointment no longer exists' };
  if (view.patient.deleted) return { dropped: 'the account was deleted' };
  const { patient, doctor } = view;
  const language = languageOf(patient.language);
  const done = hold.outcome === 'completed';
  const url = `${origin}/appointments`;
  const doctorName = `Dr. ${doctor.firstName} ${doctor.lastName}`;
  let content: EmailContent;
  if (language && language !== 'en') {
    content = inLanguage(language, {
      done,
      firstName: patient.firstName,
      doctorName,
      type: translate(language, TYPE_KEY[view.consultationType]),
      when: localizedWhen(language, view.startsAt, patient.zone, doctor.zone),
      deadline: localizedWhen(language, hold.releaseAt, patient.zone),
      url,
    });
  } else {
    const type = CONSULTATION_TYPE_LABELS[view.consultationType].toLowerCase();
    const when = localTimeText(view.startsAt, patient.zone, doctor.zone);
    const deadline = localTimeText(hold.releaseAt, patient.zone);
    content = {
      subject: done ? 'Your visit was marked as done' : 'Your visit was marked as missed',
      heading: done ? 'Your visit was marked as done' : 'Your visit was marked as missed',
      paragraphs: [
        `Hello ${patient.firstName},`,
        done
          ? `${doctorName} marked your ${type} on ${when} as done. If it did not take place, you can dispute it on My Appointments until ${deadline}; until then the doctor is not paid for it.`
          : `${doctorName} recorded that you did not come to your ${type} on ${when}. If you were there, you can dispute it on My Appointments until ${deadline}; until then the doctor is not paid for it.`,
      ],
      action: { label: 'Review on My Appointments', url },
    };
  }
  return {
    kind: 'visit_outcome_marked',
    userId: patient.userId,
    toAddress: patient.email,
    appointmentId,
    content,
    ics: null,
    suppressed: false,
  };
}

function inLanguage(
  language: Language,
  v: {
    done: boolean;
    firstName: string;
    doctorName: string;
    type: string;
    when: string;
    deadline: string;
    url: string;
  },
): EmailContent {
  const subject = translate(language, v.done ? 'mail.outcome.doneSubject' : 'mail.outcome.noShowSubject');
  return {
    subject,
    heading: subject,
    paragraphs: [
      translate(language, 'mail.greeting.patient', { name: v.firstName }),
      translate(language, v.done ? 'mail.outcome.doneLine' : 'mail.outcome.noShowLine', {
        doctor: v.doctorName,
        type: v.type,
        when: v.when,
        deadline: v.deadline,
      }),
    ],
    action: { label: translate(language, 'mail.outcome.action'), url: v.url },
    language,
  };
}
