import QRCode from 'qrcode';
import { groupedCode } from '@common/constants/care-documents';
import { formatDate } from '@common/i18n/format';
import type { Language } from '@common/i18n/languages';
import { catalogue, translate } from '../../core/i18n';
import { brandBand, contentWidth, fromStart, labelledLine, PDF, startPdf, type Doc } from '../platform/pdf-layout';
import { paragraph } from '../platform/pdf-text';
import type { SignedContent } from './service';

type T = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => string;

/** The name of the file a copy carries its signed content in (decision 082: checked offline). */
export const SIGNED_CONTENT_FILE = 'medora-signed-content.json';

const dayIn = (language: Language, day: string) =>
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
  who: { issuer: SignedContent['issuer']; patient: SignedContent['patient']; date: string },
) {
  const line = (label: string, value: string) => labelledLine(doc, label, value || t('rx.pdf.notGiven'), language);
  const specialty = who.issuer.specialty ? `, ${specialtyIn(language, who.issuer.specialty)}` : '';
  line(t('rx.pdf.doctor'), `${who.issuer.name}${specialty}`);
  line(t('rx.pdf.licence'), who.issuer.licenseNumber);
  line(t('rx.pdf.practice'), who.issuer.practice);
  line(t('rx.pdf.patient'), who.patient.name);
  line(t('rx.pdf.dateOfBirth'), who.patient.dateOfBirth ? dayIn(language, who.patient.dateOfBirth) : '');
  line(t('rx.pdf.date'), dayIn(language, who.date));
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
) {
  const width = contentWidth(doc);
  const qrSize = 96;
  doc.moveDown(1.5);
  if (doc.y + qrSize + 40 > doc.page.height - PDF.margin) doc.addPage();
  const top = doc.y;
  doc.moveTo(PDF.margin, top).lineTo(PDF.margin + width, top).strokeColor(PDF.line).stroke();
  const url = `${v.origin}/verify/${groupedCode(v.code)}`;
  drawQr(doc, url, fromStart(doc, language, width - qrSize, qrSize), top + 10, qrSize);
  const at = { x: fromStart(doc, language, 0, width - qrSize - 16), width: width - qrSize - 16, language };
  paragraph(doc, [{ text: t('rx.pdf.verify'), bold: true, size: 12, color: PDF.ink }], { ...at, y: top + 12 });
  paragraph(doc, [{ text: t('rx.pdf.verifyLine', { url: `${v.origin}/verify` }), size: 9, color: PDF.muted }], at);
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

function section(doc: Doc, language: Language, title: string, lines: string[]) {
  const width = contentWidth(doc);
  doc.moveDown(1);
  paragraph(doc, [{ text: title, bold: true, size: 13, color: PDF.ink }], { x: PDF.margin, width, language });
  doc.moveDown(0.3);
  for (const text of lines) {
    paragraph(doc, [{ text, size: 11, color: PDF.ink }], { x: PDF.margin, width, language, lineGap: 2 });
    doc.moveDown(0.2);
  }
}

/** A prescription, sick note or referral letter, in the language it was issued in (the patient's). */
export async function renderCareDocumentPdf(
  content: SignedContent,
  v: { origin: string; keyId: string; signature: string },
): Promise<Buffer> {
  const language = content.language as Language;
  const t: T = (key, values) => translate(language, key, values);
  const title = t(`rx.pdf.${content.kind}`);
  const { doc, done } = await startPdf(`Medora ${title}`, language);
  // The signed content rides along, so a copy can be checked offline without asking Medora.
  doc.file(Buffer.from(JSON.stringify(content), 'utf8'), {
    name: SIGNED_CONTENT_FILE,
    type: 'application/json',
    description: 'The content the Ed25519 signature covers (canonical JSON: keys sorted, no spaces).',
  });
  brandBand(doc, title, language);
  clinicalHeader(doc, language, t, { ...content, date: content.issuedAt.slice(0, 10) });
  const body = content.body;
  const notes = typeof body.notes === 'string' && body.notes ? [body.notes] : [];
  if (content.kind === 'prescription') {
    const items = body.items as { medication: string; dose: string; frequency: string; durationDays: number }[];
    section(
      doc,
      language,
      t('rx.pdf.medication'),
      items.map((i) => t('rx.pdf.item', { ...i, days: i.durationDays })),
    );
  } else if (content.kind === 'sick_note') {
    section(doc, language, title, [
      t('rx.pdf.sickNoteLine', { from: dayIn(language, String(body.from)), to: dayIn(language, String(body.to)) }),
    ]);
  } else {
    section(doc, language, t('rx.pdf.referredTo'), [String(body.to)]);
    section(doc, language, t('rx.pdf.reason'), [String(body.reason)]);
  }
  if (notes.length) section(doc, language, t('rx.pdf.notes'), notes);
  verificationBlock(doc, language, t, { code: content.code, ...v });
  doc.end();
  return done;
}
