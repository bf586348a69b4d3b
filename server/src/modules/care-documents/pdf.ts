import type { Language } from '@common/i18n/languages';
import { translate } from '../../core/i18n';
import { clinicalHeader, dayIn, verificationBlock, type T } from '../platform/pdf-clinical';
import { brandBand, contentWidth, PDF, startPdf, type Doc } from '../platform/pdf-layout';
import { paragraph } from '../platform/pdf-text';
import type { SignedContent } from './service';

/** The name of the file a copy carries its signed content in (decision 082: checked offline). */
export const SIGNED_CONTENT_FILE = 'medora-signed-content.json';

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
  verificationBlock(doc, language, t, { code: content.code, ...v }, 'issued');
  doc.end();
  return done;
}
