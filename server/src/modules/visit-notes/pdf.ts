import { NON_EMERGENCY_NOTICE } from '@common/constants/email';
import { sameClock, whenText } from '@common/rules/display-time';
import type { VisitSummary } from '@common/schemas/visit-notes';

const INK = '#0f172a';
const MUTED = '#64748b';
const BRAND = '#0e7490';
const MARGIN = 56;

/**
 * The standard PDF fonts cover Latin-1; anything else would print as garbage, so it is replaced
 * (the minus sign of "UTC−5" by a hyphen first).
 */
const latin1 = (s: string) => s.replaceAll('\u2212', '-').replace(/[^\n\u0020-\u007e\u00a0-\u00ff]/g, '?');

/** "Tuesday, November 24, 2026 at 3:30 PM Berlin time" in one zone: the words of every screen and e-mail. */
export const visitTimeText = (instant: string, timeZone: string) => whenText(instant, timeZone);

export const followUpText = (days: number) =>
  `Your doctor suggests a follow-up in ${days} day${days === 1 ? '' : 's'}.`;

type Doc = PDFKit.PDFDocument;

/**
 * The after-visit summary as the patient keeps it: who, when (in the patient's zone, with the
 * doctor's where the clocks differ), what the doctor wrote for them, and the non-emergency notice.
 */
export async function renderVisitSummaryPdf(
  summary: VisitSummary,
  patientZone: string,
  doctorZone = summary.timeZone,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: 'Medora after-visit summary', Author: 'Medora' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.rect(0, 0, doc.page.width, 110).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(24).text('Medora', MARGIN, 34);
  doc.font('Helvetica').fontSize(14).text('After-visit summary', MARGIN, 66);

  const doctor = latin1(`Dr. ${summary.doctor.firstName} ${summary.doctor.lastName}`);
  doc.fillColor(INK).font('Helvetica').fontSize(11);
  doc.y = 136;
  line(doc, 'Doctor', summary.doctor.specialty ? `${doctor}, ${latin1(summary.doctor.specialty)}` : doctor);
  line(doc, 'Consultation', visitTimeText(summary.startsAt, patientZone));
  if (!sameClock(summary.startsAt, patientZone, doctorZone)) {
    line(doc, "Doctor's time", visitTimeText(summary.startsAt, doctorZone));
  }
  if (summary.sharedAt) line(doc, 'Shared', visitTimeText(summary.sharedAt, patientZone));

  section(doc, 'Diagnosis', summary.diagnosis || 'None given.', width);
  section(doc, 'Advice', summary.advice || 'None given.', width);
  section(
    doc,
    'Follow-up',
    summary.followUpDays ? followUpText(summary.followUpDays) : 'No follow-up was suggested.',
    width,
  );

  doc.moveDown(2);
  const top = doc.y;
  doc.fontSize(9.5).font('Helvetica');
  const height = doc.heightOfString(NON_EMERGENCY_NOTICE, { width: width - 24 }) + 20;
  if (top + height > doc.page.height - MARGIN) doc.addPage();
  const boxTop = doc.y;
  doc.rect(MARGIN, boxTop, width, height).fill('#fef3c7');
  doc.fillColor('#78350f').text(NON_EMERGENCY_NOTICE, MARGIN + 12, boxTop + 10, { width: width - 24 });
  doc.end();
  return done;
}

function line(doc: Doc, label: string, value: string) {
  doc.font('Helvetica-Bold').fillColor(MUTED).fontSize(10).text(`${label}: `, MARGIN, doc.y, { continued: true });
  doc.font('Helvetica').fillColor(INK).fontSize(11).text(latin1(value));
  doc.moveDown(0.3);
}

function section(doc: Doc, title: string, body: string, width: number) {
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fillColor(INK).fontSize(14).text(title, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  doc.font('Helvetica').fillColor(INK).fontSize(11).text(latin1(body), MARGIN, doc.y, { width, lineGap: 2 });
}
