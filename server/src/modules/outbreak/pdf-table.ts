import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import { hasArabic, paragraph, textWidth } from '../platform/pdf-text';

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 48;
export const INK = '#0f172a';
export const MUTED = '#64748b';
const HEADER_FILL = '#e2e8f0';
const STRIPE_FILL = '#f8fafc';
const FONT_SIZE = 8.5;
const LINE_HEIGHT = 10.5;
/** Space inside a cell on each side, and above and below its lines. */
const PAD_X = 4;
const PAD_Y = 3;
/** A wrapping column never gets narrower than this, whatever its words. */
const MIN_WRAPPING_WIDTH = 40;
/** Room for the rounding of widths added and taken away: a value measured to fit must fit. */
const EPSILON = 0.01;
/** A column kept on one line gives up at this share of the page: beyond it, it wraps too. */
const MAX_WHOLE_SHARE = 0.4;

/** The standard PDF fonts cover Latin-1; anything else would print as garbage, so it is replaced. */
export const latin1 = (s: string) => s.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2014]/g, '?');
/** An Arabic report keeps its Arabic letters too: those cells are measured and drawn by pdf-text (decision 063). */
const printable = (s: string, language: Language) =>
  language === 'ar' ? s.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2014\u0600-\u06ff\u2066-\u2069]/g, '?') : latin1(s);

/**
 * Measuring text is most of a large table's cost (glyph widths and kerning per character), and
 * tables repeat the same countries, diseases and agencies: measurements are kept per document.
 */
const widths = new WeakMap<Doc, Map<string, number>>();
export function widthOf(doc: Doc, text: string): number {
  let cache = widths.get(doc);
  if (!cache) widths.set(doc, (cache = new Map()));
  const face = doc as unknown as { _fontSize: number; _font: { name: string } };
  const key = `${face._fontSize}|${face._font.name}|${text}`;
  let width = cache.get(key);
  if (width === undefined) {
    if (hasArabic(text)) {
      const bold = face._font.name.includes('Bold');
      const size = face._fontSize;
      width = textWidth(doc, text, { bold, size, color: INK }, 'ar');
      // Measuring switches fonts; the cell's own face is put back for the next measurement.
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    } else width = doc.widthOfString(text);
    cache.set(key, width);
  }
  return width;
}

/** The text in lines that fit the width: broken between words, and inside a word only if it alone is wider. */
export function wrapText(doc: Doc, value: string, width: number, language: Language = DEFAULT_LANGUAGE): string[] {
  const text = printable(value, language);
  const fits = (s: string) => widthOf(doc, s) <= width + EPSILON;
  if (fits(text)) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (rest.length > 1 && !fits(rest)) {
      let end = rest.length - 1;
      while (end > 1 && !fits(rest.slice(0, end))) end--;
      lines.push(rest.slice(0, end));
      rest = rest.slice(end);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

export type Column<T> = {
  title: string;
  value: (row: T) => string;
  /** Left and right in a left-to-right report; an Arabic one mirrors them. */
  align?: 'left' | 'right';
  colour?: (row: T) => string;
  /** Kept on one line (country names): other text columns wrap to make room for it. */
  whole?: boolean;
};

const bodyFont = (doc: Doc) => doc.font('Helvetica').fontSize(FONT_SIZE);
const headerFont = (doc: Doc) => doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
const longestWord = (doc: Doc, text: string, language: Language) =>
  Math.max(
    0,
    ...printable(text, language)
      .split(/\s+/)
      .map((word) => widthOf(doc, word)),
  );

/**
 * Widths from the content: every column as wide as its longest value when the page allows it;
 * otherwise wrapping columns give up room, in proportion to what they can spare, down to their
 * longest word. Numbers and whole columns are never cut, so no value ends in an ellipsis.
 */
export function columnWidths<T>(
  doc: Doc,
  columns: Column<T>[],
  rows: T[],
  available: number,
  language: Language = DEFAULT_LANGUAGE,
): number[] {
  headerFont(doc);
  const headerNatural = columns.map((col) => widthOf(doc, printable(col.title, language)));
  const headerWord = columns.map((col) => longestWord(doc, col.title, language));
  bodyFont(doc);
  const natural: number[] = [];
  const minimum: number[] = [];
  columns.forEach((col, i) => {
    let widest = headerNatural[i];
    let word = headerWord[i];
    for (const row of rows) {
      const value = col.value(row);
      widest = Math.max(widest, widthOf(doc, printable(value, language)));
      if (!col.whole) word = Math.max(word, longestWord(doc, value, language));
    }
    natural.push(widest + 2 * PAD_X);
    const floor = col.whole ? widest : Math.max(word, MIN_WRAPPING_WIDTH);
    minimum.push(Math.min(natural[i], floor + 2 * PAD_X, col.whole ? available * MAX_WHOLE_SHARE : Infinity));
  });
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  const total = sum(natural);
  if (total <= available) return natural.map((n) => n + ((available - total) * n) / total);
  const spare = natural.map((n, i) => n - minimum[i]);
  const over = total - available;
  if (sum(spare) >= over) return natural.map((n, i) => n - (over * spare[i]) / sum(spare));
  return minimum.map((m) => (m * available) / sum(minimum));
}

/** One cell's lines, placed by hand: pdfkit's own wrapper per call made large tables several times slower. */
function drawCell(
  doc: Doc,
  lines: string[],
  x: number,
  y: number,
  w: number,
  align: 'left' | 'right',
  lineHeight: number,
) {
  lines.forEach((line, i) => {
    const top = y + PAD_Y + i * lineHeight;
    if (hasArabic(line)) {
      // Arabic is shaped and ordered by pdf-text; its colour and face are the cell's current ones.
      const face = doc as unknown as { _fontSize: number; _font: { name: string }; _fillColor: [string] };
      const style = {
        bold: face._font.name.includes('Bold'),
        size: face._fontSize,
        color: face._fillColor?.[0] ?? INK,
      };
      // `align` is already physical here, and in a right-to-left line the start is the right edge.
      const start = align === 'right';
      // A hair of slack: the line was measured to fit, and pdf-text must not break it again over rounding.
      paragraph(doc, [{ text: line, ...style }], {
        x: x + PAD_X - 0.5,
        y: top - 1,
        width: w - 2 * PAD_X + 1,
        language: 'ar',
        align: start ? 'start' : 'end',
      });
      doc
        .font(style.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(style.size)
        .fillColor(style.color);
      return;
    }
    const left = align === 'right' ? x + w - PAD_X - widthOf(doc, line) : x + PAD_X;
    doc.text(line, left, top, { lineBreak: false });
  });
}

const rowHeight = (cells: string[][], lineHeight: number) =>
  Math.max(1, ...cells.map((c) => c.length)) * lineHeight + 2 * PAD_Y;

/** A table whose rows grow to hold wrapped values, with its header repeated on each new page. */
export function table<T>(doc: Doc, columns: Column<T>[], rows: T[], language: Language = DEFAULT_LANGUAGE) {
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 24;
  const colWidths = columnWidths(doc, columns, rows, width, language);
  const rtl = language === 'ar';
  // Arabic letters reach further above and below the line than Latin ones.
  const lineHeight = rtl ? LINE_HEIGHT * 1.3 : LINE_HEIGHT;
  // In Arabic the first column sits at the right edge, and "left" (a text's start) means right.
  const align = (col: Column<T>) => (rtl ? (col.align === 'right' ? 'left' : 'right') : (col.align ?? 'left'));
  const cellX = (i: number, x: number) => (rtl ? doc.page.width - x - colWidths[i] : x);
  const header = () => {
    headerFont(doc);
    const cells = columns.map((col, i) => wrapText(doc, col.title, colWidths[i] - 2 * PAD_X, language));
    const y = doc.y;
    const height = rowHeight(cells, lineHeight);
    doc.rect(MARGIN, y, width, height).fill(HEADER_FILL);
    doc.fillColor(INK);
    let x = MARGIN;
    columns.forEach((col, i) => {
      drawCell(doc, cells[i], cellX(i, x), y, colWidths[i], align(col), lineHeight);
      x += colWidths[i];
    });
    doc.y = y + height;
    bodyFont(doc);
  };
  if (doc.y + 3 * lineHeight > bottom) {
    doc.addPage();
    doc.y = MARGIN;
  }
  header();
  rows.forEach((row, r) => {
    const cells = columns.map((col, i) => wrapText(doc, col.value(row), colWidths[i] - 2 * PAD_X, language));
    const height = rowHeight(cells, lineHeight);
    if (doc.y + height > bottom) {
      doc.addPage();
      doc.y = MARGIN;
      header();
    }
    const y = doc.y;
    if (r % 2 === 1) doc.rect(MARGIN, y, width, height).fill(STRIPE_FILL);
    let x = MARGIN;
    columns.forEach((col, i) => {
      doc.fillColor(col.colour?.(row) ?? INK);
      drawCell(doc, cells[i], cellX(i, x), y, colWidths[i], align(col), lineHeight);
      x += colWidths[i];
    });
    doc.y = y + height;
  });
  doc.x = MARGIN;
}
