import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import type { Language } from '@common/i18n/languages';

/**
 * Text in any of Medora's languages on a PDF page (decision 063). pdfkit lays text out left to
 * right and its standard fonts are Latin-1 only; fontkit (inside pdfkit) shapes Arabic (joining
 * forms, ligatures) and returns an Arabic run's glyphs right to left, but knows nothing of the
 * Unicode bidirectional algorithm. So a paragraph is broken into lines here, each line is put in
 * visual order with bidi-js, and drawn run by run: Arabic letters in Noto Sans Arabic, everything
 * else (Latin, digits, punctuation) in Helvetica, which is what the English PDFs always used.
 */

type Doc = PDFKit.PDFDocument;
export type Style = { bold?: boolean; size: number; color: string };
export type Span = { text: string } & Partial<Style>;

const require = createRequire(import.meta.url);
const FONT_FILES = {
  Arabic: '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
  'Arabic-Bold': '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff',
} as const;

const bidi = bidiFactory();

/** Registers the Arabic faces on a new document (embedded, subset, only if a page uses them). */
export function registerScriptFonts(doc: Doc) {
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, require.resolve(file));
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const isArabic = (c: string) => ARABIC.test(c);
const CONTROL = /[\u2066-\u2069\u200e\u200f\u061c]/;

/**
 * What Helvetica cannot print becomes its nearest Latin-1 look-alike, else "?" (as before);
 * embedding controls are dropped (isolates and marks are kept for the bidi algorithm, not drawn).
 */
function printable(text: string): string {
  return text
    .replace(/[\u202a-\u202e]/g, '')
    .replace(/[\u202f\u2009\u2007]/g, ' ')
    .replaceAll('\u2212', '-')
    .replaceAll('\u2013', '-')
    .replaceAll('\u2014', '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(
      /[^\n\u2066-\u2069\u200e\u200f\u061c\u0020-\u007e\u00a0-\u00ff\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/g,
      '?',
    );
}

/**
 * In a right-to-left page each span keeps its own direction: "1 Harbour Street, Dublin" or an
 * e-mail address reads left to right as a whole instead of being split around its numbers.
 */
const isolated = (text: string, rtl: boolean) =>
  rtl ? `${ARABIC.test(text) ? '\u2067' : '\u2066'}${spacedRuns(printable(text))}\u2069` : printable(text);

/** Arabic letters that join the next word when written; the tatweel (U+0640) is left out: "بـ3" is meant to touch. */
const ARABIC_LETTER =
  /[\u0620-\u063f\u0641-\u064a\u066e-\u066f\u0671-\u06d3\u06d5\u06ee-\u06ef\u06fa-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const ARABIC_MARK = /[\u064b-\u065f\u0670\u06d6-\u06ed]/;

/**
 * An Arabic prefix written against a left-to-right run ("و" + an amount, a date, a code, an
 * address) touches it on the page: "و99.50 US$" reads as one smudge, and a reader's copy glues
 * them. A space keeps the word and the run apart, on both sides of a left-to-right isolate and
 * before bare digits ("و3"); a no-break one, so a line never ends on the "و" of the next amount.
 * Letters of one name in two scripts are left as written.
 */
export function spacedRuns(text: string): string {
  const out: string[] = [];
  const open: string[] = [];
  // The last character that takes room: an Arabic letter, the end of a left-to-right isolate, or other.
  let last: 'arabic' | 'ltr' | 'other' = 'other';
  for (const c of text) {
    if (ARABIC_MARK.test(c) || /[\u200e\u200f\u061c]/.test(c)) {
      // A vowel mark belongs to the letter before it; direction marks take no room.
      out.push(c);
      continue;
    }
    if (last === 'arabic' && (c === '\u2066' || /[0-9]/.test(c))) out.push('\u00a0');
    if (last === 'ltr' && ARABIC_LETTER.test(c)) out.push('\u00a0');
    out.push(c);
    if (c === '\u2066' || c === '\u2067' || c === '\u2068') {
      open.push(c);
      last = 'other';
    } else if (c === '\u2069') last = open.pop() === '\u2066' ? 'ltr' : 'other';
    else last = ARABIC_LETTER.test(c) ? 'arabic' : 'other';
  }
  return out.join('');
}

type Char = { c: string; style: Style };
const fontOf = (c: string, style: Style) =>
  isArabic(c) ? (style.bold ? 'Arabic-Bold' : 'Arabic') : style.bold ? 'Helvetica-Bold' : 'Helvetica';

function widthOf(doc: Doc, chars: Char[]): number {
  let width = 0;
  for (const run of runsOf(chars, () => 0)) {
    doc.font(run.font).fontSize(run.style.size);
    width += doc.widthOfString(run.text);
  }
  return width;
}

/** Consecutive characters of one font, style and direction. */
function runsOf(chars: Char[], levelOf: (i: number) => number) {
  const runs: { text: string; font: string; style: Style; rtl: boolean }[] = [];
  chars.forEach((ch, i) => {
    // Isolates and marks order the runs (the amount "150 US$" stays one run) and take no room.
    if (CONTROL.test(ch.c)) return;
    const font = fontOf(ch.c, ch.style);
    const rtl = levelOf(i) % 2 === 1;
    const last = runs[runs.length - 1];
    if (last && last.font === font && last.style === ch.style && last.rtl === rtl) last.text += ch.c;
    else runs.push({ text: ch.c, font, style: ch.style, rtl });
  });
  return runs;
}

/** Splits a paragraph into lines of at most `width`, at spaces (a word longer than a line is cut). */
function breakLines(doc: Doc, chars: Char[], width: number): Char[][] {
  const words: Char[][] = [];
  let word: Char[] = [];
  for (const ch of chars) {
    word.push(ch);
    if (ch.c === ' ') {
      words.push(word);
      word = [];
    }
  }
  if (word.length) words.push(word);
  const lines: Char[][] = [];
  let line: Char[] = [];
  for (const w of words) {
    const trimmed = w[w.length - 1]?.c === ' ' ? w.slice(0, -1) : w;
    if (line.length && widthOf(doc, [...line, ...trimmed]) > width) {
      lines.push(line);
      line = [];
    }
    line.push(...w);
  }
  if (line.length) lines.push(line);
  return lines.map((l) => (l[l.length - 1]?.c === ' ' ? l.slice(0, -1) : l));
}

/** A line's characters in visual order (left to right), each with its bidi level; brackets mirrored in right-to-left runs. */
function visualOrder<T extends { c: string }>(line: T[], rtl: boolean): { ch: T; c: string; level: number }[] {
  const text = line.map((ch) => ch.c).join('');
  const levels = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const order = [...line.keys()];
  for (const [start, end] of bidi.getReorderSegments(text, levels)) {
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }
  return order.map((i) => ({ ch: line[i], c: mirrored.get(i) ?? line[i].c, level: levels.levels[i] }));
}

/**
 * What a reader sees of one line of `text` laid out as `paragraph` lays it out in `language`: the
 * runs of one direction from left to right, each in reading order (isolates and marks not drawn).
 */
export function visualRuns(text: string, language: Language): { text: string; dir: 'ltr' | 'rtl' }[] {
  const rtl = language === 'ar';
  const runs: { text: string; dir: 'ltr' | 'rtl' }[] = [];
  // Reading order is the logical one: the characters as written, brackets not mirrored.
  for (const { ch, level } of visualOrder(
    [...isolated(text, rtl)].map((c) => ({ c })),
    rtl,
  )) {
    const c = ch.c;
    if (CONTROL.test(c)) continue;
    const dir = level % 2 === 1 ? 'rtl' : 'ltr';
    const last = runs[runs.length - 1];
    if (last?.dir === dir) last.text = dir === 'rtl' ? c + last.text : last.text + c;
    else runs.push({ text: c, dir });
  }
  return runs;
}

/** One line in visual order, drawn run by run on one baseline. */
function drawLine(doc: Doc, line: Char[], x: number, y: number, width: number, rtl: boolean, align: Align) {
  const placed = visualOrder(line, rtl);
  const visual = placed.map(({ ch, c }) => ({ c, style: ch.style }));
  const runs = runsOf(visual, (i) => placed[i].level);
  // An Arabic run arrives reversed (visual order); fontkit wants it in reading order to join its letters.
  const drawn = runs.map((run) => ({
    ...run,
    text: run.rtl && run.font.startsWith('Arabic') ? [...run.text].reverse().join('') : run.text,
  }));
  const total = drawn.reduce((sum, run) => {
    doc.font(run.font).fontSize(run.style.size);
    return sum + doc.widthOfString(run.text);
  }, 0);
  const start = align === 'end' ? (rtl ? x : x + width - total) : rtl ? x + width - total : x;
  let cursor = align === 'center' ? x + (width - total) / 2 : start;
  for (const run of drawn) {
    doc.font(run.font).fontSize(run.style.size).fillColor(run.style.color);
    // One baseline for both fonts: Noto's ascender is far taller than Helvetica's, so tops would not line up.
    // Noto draws many Arabic letters as a dotless base plus dots, which a reader's copy or search
    // would map back to the wrong letters: the run carries its real text as ActualText.
    const arabic = run.font.startsWith('Arabic');
    if (arabic) doc.markContent('Span', { actual: [...run.text].reverse().join('') });
    doc.text(run.text, cursor, y + lineSizeOf(line) * 0.9, { lineBreak: false, baseline: 'alphabetic' });
    if (arabic) doc.endMarkedContent();
    cursor += doc.widthOfString(run.text);
  }
}

export type Align = 'start' | 'end' | 'center';

/** Whether a text has Arabic letters (and so needs this writer rather than pdfkit's own). */
export const hasArabic = (text: string) => ARABIC.test(text);

/** The width `paragraph` would give one line of `text` in one style. */
export function textWidth(doc: Doc, text: string, style: Style, language: Language): number {
  return widthOf(
    doc,
    [...isolated(text, language === 'ar')].map((c) => ({ c, style })),
  );
}

/**
 * Writes spans as one paragraph from `doc.y`, wrapped to `width`, in the language's direction
 * ('start' is the right edge in Arabic); leaves `doc.y` under it and returns that.
 */
export function paragraph(
  doc: Doc,
  spans: Span[],
  options: { x: number; width: number; language: Language; align?: Align; lineGap?: number; y?: number },
): number {
  const rtl = options.language === 'ar';
  const base: Style = { size: 11, color: '#0f172a' };
  const chars: Char[] = [];
  for (const span of spans) {
    const style: Style = { ...base, ...definedOf(span) };
    for (const c of isolated(span.text, rtl)) chars.push({ c, style });
  }
  let y = options.y ?? doc.y;
  for (const part of splitNewlines(chars)) {
    for (const line of breakLines(doc, part, options.width)) {
      // A long text (a doctor's advice) goes on over the next page rather than off this one.
      if (y + lineHeight(line) > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      drawLine(doc, line, options.x, y, options.width, rtl, options.align ?? 'start');
      y += lineHeight(line) + (options.lineGap ?? 0);
    }
  }
  doc.x = options.x;
  doc.y = y;
  return y;
}

const lineSizeOf = (line: Char[]) => Math.max(...line.map((ch) => ch.style.size));
/** Arabic letters reach further above and below the line than Latin ones: their lines are taller. */
const lineHeight = (line: Char[]) => lineSizeOf(line) * (line.some((ch) => isArabic(ch.c)) ? 1.6 : 1.2);

const definedOf = (span: Span): Partial<Style> =>
  Object.fromEntries(Object.entries(span).filter(([k, v]) => k !== 'text' && v !== undefined)) as Partial<Style>;

function splitNewlines(chars: Char[]): Char[][] {
  const parts: Char[][] = [[]];
  for (const ch of chars) {
    if (ch.c === '\n') parts.push([]);
    else parts[parts.length - 1].push(ch);
  }
  return parts;
}

/** The height `paragraph` would take, without drawing. */
export function paragraphHeight(
  doc: Doc,
  spans: Span[],
  options: { width: number; lineGap?: number; size?: number; language: Language },
): number {
  const rtl = options.language === 'ar';
  const base: Style = { size: options.size ?? 11, color: '#0f172a' };
  const chars: Char[] = spans.flatMap((span) => {
    const style: Style = { ...base, ...definedOf(span) };
    return [...isolated(span.text, rtl)].map((c) => ({ c, style }));
  });
  let height = 0;
  for (const part of splitNewlines(chars))
    for (const line of breakLines(doc, part, options.width)) height += lineHeight(line) + (options.lineGap ?? 0);
  return height;
}
