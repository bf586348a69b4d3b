import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import { sameClock } from '@common/rules/display-time';
import type { VisitSummary } from '@common/schemas/visit-notes';
import { catalogue, translate } from '../../core/i18n';
import { localizedWhen } from '../../core/localized-when';
import { brandBand, contentWidth, labelledLine, PDF, startPdf, type Doc } from '../platform/pdf-layout';
import { paragraph, paragraphHeight } from '../platform/pdf-text';
import { clinicalHeader, verificationBlock, type ClinicalParties, type T } from '../platform/pdf-clinical';
import { SIGNED_CONTENT_FILE } from '../care-documents/pdf';

/** "Tuesday, November 24, 2026 at 3:30 PM Berlin time" in one zone: the words of every screen and e-mail. */
export const visitTimeText = (instant: string, timeZone: string, language: Language = DEFAULT_LANGUAGE) =>
  localizedWhen(language, new Date(instant), timeZone);

export const followUpText = (days: number, language: Language = DEFAULT_LANGUAGE) =>
  translate(language, 'pdf.summary.followUpIn', { days });

/** A specialty as the catalogue names it in the language; a name the catalogue lacks stays as written. */
const specialtyIn = (language: Language, name: string) => catalogue(language)[`specialties.name.${name}`] ?? name;

/**
 * The after-visit summary as the patient keeps it: who, when (in the patient's zone, with the
 * doctor's where the clocks differ), what the doctor wrote for them, and the non-emergency notice,
 * in the patient's language. What the doctor wrote stays in the words they wrote it in.
 */
export async function renderVisitSummaryPdf(
  summary: VisitSummary,
  patientZone: string,
  doctorZone = summary.timeZone,
  language: Language = DEFAULT_LANGUAGE,
  parties?: ClinicalParties,
  verification?: { code: string; origin: string; keyId: string; signature: string; content: unknown } | null,
): Promise<Buffer> {
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key);
  const tv: T = (key, values) => translate(language, key, values);
  const { doc, done } = await startPdf(t('pdf.summary.docTitle'), language);
  const width = contentWidth(doc);
  // As on a prescription: the signed content rides along, so a copy can be checked offline.
  if (verification) {
    doc.file(Buffer.from(JSON.stringify(verification.content), 'utf8'), {
      name: SIGNED_CONTENT_FILE,
      type: 'application/json',
      description: 'The content the Ed25519 signature covers (canonical JSON: keys sorted, no spaces).',
    });
  }
  brandBand(doc, t('pdf.summary.title'), language);

  const doctor = `Dr. ${summary.doctor.firstName} ${summary.doctor.lastName}`;
  const line = (label: string, value: string) => labelledLine(doc, label, value, language);
  line(
    t('pdf.summary.doctor'),
    summary.doctor.specialty
      ? translate(language, 'pdf.summary.doctorWithSpecialty', {
          doctor,
          specialty: specialtyIn(language, summary.doctor.specialty),
        })
      : doctor,
  );
  // The header of every clinical document (decision 082): licence, practice, patient and birth date.
  if (parties) {
    const date = verification
      ? String((verification.content as { issuedAt: string }).issuedAt).slice(0, 10)
      : undefined;
    clinicalHeader(doc, language, tv, { ...parties, date }, { doctorLine: false });
  }
  line(t('pdf.summary.consultation'), visitTimeText(summary.startsAt, patientZone, language));
  if (!sameClock(summary.startsAt, patientZone, doctorZone)) {
    line(t('pdf.summary.doctorsTime'), visitTimeText(summary.startsAt, doctorZone, language));
  }
  if (summary.sharedAt) line(t('pdf.summary.shared'), visitTimeText(summary.sharedAt, patientZone, language));

  section(doc, language, t('pdf.summary.diagnosis'), summary.diagnosis || t('pdf.summary.noneGiven'), width);
  section(doc, language, t('pdf.summary.advice'), summary.advice || t('pdf.summary.noneGiven'), width);
  section(
    doc,
    language,
    t('pdf.summary.followUp'),
    summary.followUpDays ? followUpText(summary.followUpDays, language) : t('pdf.summary.noFollowUp'),
    width,
  );

  doc.moveDown(2);
  const notice = t('mail.nonEmergency');
  const spans = [{ text: notice, size: 9.5, color: '#78350f' }];
  const height = paragraphHeight(doc, spans, { width: width - 24, language }) + 20;
  if (doc.y + height > doc.page.height - PDF.margin) doc.addPage();
  const boxTop = doc.y;
  doc.rect(PDF.margin, boxTop, width, height).fill('#fef3c7');
  paragraph(doc, spans, { x: PDF.margin + 12, y: boxTop + 10, width: width - 24, language });
  if (verification) verificationBlock(doc, language, tv, verification, 'visit_summary');
  doc.end();
  return done;
}

function section(doc: Doc, language: Language, title: string, body: string, width: number) {
  doc.moveDown(1.2);
  if (doc.y > doc.page.height - PDF.margin - 60) doc.addPage();
  paragraph(doc, [{ text: title, bold: true, size: 14, color: PDF.ink }], { x: PDF.margin, width, language });
  doc.moveDown(0.3);
  paragraph(doc, [{ text: body, size: 11, color: PDF.ink }], { x: PDF.margin, width, language, lineGap: 2 });
}
