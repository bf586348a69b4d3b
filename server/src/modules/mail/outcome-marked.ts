import { eq } from 'drizzle-orm';
import { languageOf } from '@common/i18n/negotiate';
import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import type { Db } from '../../db/client';
import { outcomeHolds } from '../../db/schema';
import { translate } from '../../core/i18n';
import { localizedWhen } from '../../core/localized-when';
import { appointmentView } from '../appointment-view/view';
import type { Composition } from './composition';
import type { EmailContent } from './template';

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
  const language = languageOf(patient.language) ?? DEFAULT_LANGUAGE;
  const done = hold.outcome === 'completed';
  const url = `${origin}/appointments`;
  const doctorName = `Dr. ${doctor.firstName} ${doctor.lastName}`;
  const content = inLanguage(language, {
    done,
    firstName: patient.firstName,
    doctorName,
    type: view.consultationType === 'in-person' ? 'inPerson' : view.consultationType,
    when: localizedWhen(language, view.startsAt, patient.zone, doctor.zone),
    deadline: localizedWhen(language, hold.releaseAt, patient.zone),
    url,
  });
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
    type: 'video' | 'voice' | 'inPerson';
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
