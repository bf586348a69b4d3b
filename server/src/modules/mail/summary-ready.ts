import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, users } from '../../db/schema';
import type { Composition } from './composition';
import type { EmailContent } from './template';
import { languageOf } from '@common/i18n/negotiate';
import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import { translate } from '../../core/i18n';

/**
 * "Your visit summary is ready": no diagnosis, advice, doctor or date, since an e-mail can be read
 * by anyone with the inbox; the summary itself is shown only after signing in.
 */
export async function composeSummaryReady(db: Db, origin: string, appointmentId: string): Promise<Composition> {
  const [patient] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      deletedAt: users.deletedAt,
      language: users.language,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.patientId))
    .where(eq(appointments.id, appointmentId));
  if (!patient) return { dropped: 'the appointment no longer exists' };
  if (patient.deletedAt) return { dropped: 'the account was deleted' };
  const language = languageOf(patient.language) ?? DEFAULT_LANGUAGE;
  const url = `${origin}/appointments`;
  return {
    kind: 'visit_summary_shared',
    userId: patient.id,
    toAddress: patient.email,
    appointmentId,
    content: summaryReadyIn(language, patient.firstName, url),
    ics: null,
    suppressed: false,
  };
}

/** In the patient's account language (issue 28). */
const summaryReadyIn = (language: Language, firstName: string, url: string): EmailContent => ({
  subject: translate(language, 'mail.summary.subject'),
  heading: translate(language, 'mail.summary.subject'),
  paragraphs: [
    translate(language, 'mail.greeting.patient', { name: firstName }),
    translate(language, 'mail.summary.line'),
  ],
  action: { label: translate(language, 'mail.summary.action'), url },
  language,
});
