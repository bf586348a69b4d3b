/**
 * The layout the product's PDFs share (after-visit summary, receipts): A4, a brand band with the
 * document's title, labelled lines, Latin-1 text. New PDFs start here rather than copy a file.
 */
export const PDF = { ink: '#0f172a', muted: '#64748b', brand: '#0e7490', line: '#e2e8f0', margin: 56 } as const;

export type Doc = PDFKit.PDFDocument;

/** The standard PDF fonts cover Latin-1; anything else would print as garbage, so it is replaced. */
export const latin1 = (s: string) => s.replace(/[^\n\u0020-\u007e\u00a0-\u00ff]/g, '?');

/** A new A4 document and the promise of its bytes once `doc.end()` is called. */
export async function startPdf(title: string): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  // Loaded on first use only: pdfkit and its fonts would otherwise sit in every server's memory.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: PDF.margin, info: { Title: title, Author: 'Medora' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The brand band across the top with the document's kind under the name; the cursor below it. */
export function brandBand(doc: Doc, subtitle: string) {
  doc.rect(0, 0, doc.page.width, 110).fill(PDF.brand);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(24).text('Medora', PDF.margin, 34);
  doc.font('Helvetica').fontSize(14).text(subtitle, PDF.margin, 66);
  doc.fillColor(PDF.ink).font('Helvetica').fontSize(11);
  doc.y = 136;
}

/** "Label: value" on one line, label muted. */
export function labelledLine(doc: Doc, label: string, value: string) {
  doc
    .font('Helvetica-Bold')
    .fillColor(PDF.muted)
    .fontSize(10)
    .text(`${label}: `, PDF.margin, doc.y, { continued: true });
  doc.font('Helvetica').fillColor(PDF.ink).fontSize(11).text(latin1(value));
  doc.moveDown(0.3);
}

export const contentWidth = (doc: Doc) => doc.page.width - 2 * PDF.margin;
