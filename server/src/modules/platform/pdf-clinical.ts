import QRCode from 'qrcode';
import { groupedCode } from '@common/constants/care-documents';
import { formatDate } from '@common/i18n/format';
import type { Language } from '@common/i18n/languages';
import { catalogue, translate } from '../../core/i18n';
import { contentWidth, fromStart, labelledLine, PDF, type Doc } from './pdf-layout';
import { paragraph } from './pdf-text';

/*
 * The parts every clinical PDF shares (decision 082): a header naming the issuing doctor with
 * licence and practice and the patient with date of birth, and a verification block with code, QR
 * code, key id and signature. Prescriptions, certificates and the after-visit summary use them.
 */

export type ClinicalParties = {
  issuer: { name: string; specialty: string; licenseNumber: string; practice: string };
  patient: { name: string; dateOfBirth: string };
};

export type T = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => string;

export const dayIn = (language: Language, day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T12:00:00Z`, 'day', language, 'UTC') : day;
const specialtyIn = (language: Language, name: string) => catalogue(language)[`specialties.name.${name}`] ?? name;

/**
 * The header every clinical document shares: who issued it (name, specialty, licence, practice),
 * for whom (name, date of birth) and when. A missing licence or birth date says so rather than
 * leaving a blank a reader might fill in.
 */
export function clinicalHeader(
  doc: Doc,
  language: Language,
  t: T,
  who: { issuer: ClinicalParties['issuer']; patient: ClinicalParties['patient']; date?: string },
  options: { doctorLine?: boolean } = {},
) {
  const line = (label: string, value: string) => labelledLine(doc, label, value || t('rx.pdf.notGiven'), language);
  const specialty = who.issuer.specialty ? `, ${specialtyIn(language, who.issuer.specialty)}` : '';
  if (options.doctorLine !== false) line(t('rx.pdf.doctor'), `${who.issuer.name}${specialty}`);
  line(t('rx.pdf.licence'), who.issuer.licenseNumber);
  line(t('rx.pdf.practice'), who.issuer.practice);
  line(t('rx.pdf.patient'), who.patient.name);
  line(t('rx.pdf.dateOfBirth'), who.patient.dateOfBirth ? dayIn(language, who.patient.dateOfBirth) : '');
  if (who.date) line(t('rx.pdf.date'), dayIn(language, who.date));
}

/** A QR code drawn as vector squares: sharp at any zoom, and no image library needed. */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / (count + 8);
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) doc.rect(x + (col + 4) * cell, y + (row + 4) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}

/**
 * The verification block: the code in groups of four with its QR code (the verify page's address),
 * the key id and the signature, so a copy can be checked online by its code or offline against the
 * published key.
 */
export function verificationBlock(
  doc: Doc,
  language: Language,
  t: T,
  v: { code: string; origin: string; keyId: string; signature: string },
  // A summary is never revoked but may be replaced by a newer text; the other kinds the reverse.
  kind: 'visit_summary' | 'issued',
) {
  const width = contentWidth(doc);
  const qrSize = 96;
  doc.moveDown(1.5);
  if (doc.y + qrSize + 40 > doc.page.height - PDF.margin) doc.addPage();
  const top = doc.y;
  doc
    .moveTo(PDF.margin, top)
    .lineTo(PDF.margin + width, top)
    .strokeColor(PDF.line)
    .stroke();
  const url = `${v.origin}/verify/${groupedCode(v.code)}`;
  drawQr(doc, url, fromStart(doc, language, width - qrSize, qrSize), top + 10, qrSize);
  const at = { x: fromStart(doc, language, 0, width - qrSize - 16), width: width - qrSize - 16, language };
  paragraph(doc, [{ text: t('rx.pdf.verify'), bold: true, size: 12, color: PDF.ink }], { ...at, y: top + 12 });
  paragraph(
    doc,
    [{ text: t('rx.pdf.verifyLine', { url: `${v.origin}/verify`, kind }), size: 9, color: PDF.muted }],
    at,
  );
  doc.moveDown(0.3);
  paragraph(
    doc,
    [
      { text: `${t('rx.pdf.code')}: `, bold: true, size: 10, color: PDF.muted },
      { text: groupedCode(v.code), bold: true, size: 12, color: PDF.ink },
    ],
    at,
  );
  paragraph(
    doc,
    [
      { text: `${t('rx.pdf.keyId')}: `, bold: true, size: 8, color: PDF.muted },
      { text: v.keyId, size: 8, color: PDF.ink },
    ],
    at,
  );
  doc.y = Math.max(doc.y, top + qrSize + 16);
  paragraph(
    doc,
    [
      { text: `${t('rx.pdf.signature')}: `, bold: true, size: 7, color: PDF.muted },
      { text: v.signature, size: 7, color: PDF.muted },
    ],
    { x: PDF.margin, width, language },
  );
}
