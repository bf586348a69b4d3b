import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import { paragraph, registerScriptFonts, type Span } from './pdf-text';

/**
 * The layout the product's PDFs share (after-visit summary, receipts): A4, a brand band with the
 * document's title, labelled lines, in the reader's language (right to left in Arabic, decision
 * 063). New PDFs start here rather than copy a file.
 */
export const PDF = { ink: '#0f172a', muted: '#64748b', brand: '#0e7490', line: '#e2e8f0', margin: 56 } as const;

export type Doc = PDFKit.PDFDocument;

/** The standard PDF fonts cover Latin-1; anything else would print as garbage, so it is replaced. */
export const latin1 = (s: string) => s.replace(/[^\n\u0020-\u007e\u00a0-\u00ff]/g, '?');

/** A new A4 document and the promise of its bytes once `doc.end()` is called. */
export async function startPdf(
  title: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  // Loaded on first use only: pdfkit and its fonts would otherwise sit in every server's memory.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PDF.margin,
    lang: language,
    info: { Title: title, Author: 'Medora' },
  });
  registerScriptFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The brand band across the top with the document's kind under the name; the cursor below it. */
export function brandBand(doc: Doc, subtitle: string, language: Language = DEFAULT_LANGUAGE) {
  doc.rect(0, 0, doc.page.width, 110).fill(PDF.brand);
  const at = { x: PDF.margin, width: contentWidth(doc), language };
  paragraph(doc, [{ text: 'Medora', bold: true, size: 24, color: '#ffffff' }], { ...at, y: 34 });
  paragraph(doc, [{ text: subtitle, size: 14, color: '#ffffff' }], { ...at, y: 66 });
  doc.fillColor(PDF.ink).font('Helvetica').fontSize(11);
  doc.y = 136;
}

/** "Label: value" on one line, label muted; the value wraps under it. */
export function labelledLine(doc: Doc, label: string, value: string, language: Language = DEFAULT_LANGUAGE) {
  const spans: Span[] = [
    { text: `${label}: `, bold: true, color: PDF.muted, size: 10 },
    { text: value, color: PDF.ink, size: 11 },
  ];
  paragraph(doc, spans, { x: PDF.margin, width: contentWidth(doc), language });
  doc.moveDown(0.3);
}

export const contentWidth = (doc: Doc) => doc.page.width - 2 * PDF.margin;

/** Where a box `width` wide that starts `offset` from the start edge sits: mirrored in a right-to-left page. */
export const fromStart = (doc: Doc, language: Language, offset: number, width: number) =>
  language === 'ar' ? doc.page.width - PDF.margin - offset - width : PDF.margin + offset;
