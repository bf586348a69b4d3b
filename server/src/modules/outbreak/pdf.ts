import { OUTBREAK_SEVERITIES, type OutbreakSeverity, type ReportTier } from '@common/constants/outbreak';
import type { OutbreakCase } from '@common/schemas/outbreak';
import type { ReportSnapshot } from './report-snapshot';

const TIER_TITLES: Record<ReportTier, string> = {
  summary: 'Summary Report',
  full: 'Full Report',
  detailed: 'Detailed Report',
};
const SEVERITY_COLOURS: Record<OutbreakSeverity, string> = {
  critical: '#b91c1c',
  high: '#ea580c',
  medium: '#ca8a04',
  low: '#15803d',
};
const INK = '#0f172a';
const MUTED = '#64748b';
const BRAND = '#0e7490';
const MARGIN = 48;
/** A summary lists the most severe outbreaks; the other tiers list every one. */
const SUMMARY_CASE_ROWS = 25;

const number = new Intl.NumberFormat('en-US');
const fmt = (n: number | null) => (n === null ? '—' : number.format(n));
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const shortDay = (iso: string) => iso.slice(0, 10);

/** The standard PDF fonts cover Latin-1; anything else would print as garbage, so it is replaced. */
const latin1 = (s: string) => s.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2014]/g, '?');

type Doc = PDFKit.PDFDocument;

/**
 * Measuring text is most of a large table's cost (glyph widths and kerning per character), and
 * tables repeat the same countries, diseases and agencies: measurements are kept per document.
 */
const widths = new WeakMap<Doc, Map<string, number>>();
function widthOf(doc: Doc, text: string): number {
  let cache = widths.get(doc);
  if (!cache) widths.set(doc, (cache = new Map()));
  const face = doc as unknown as { _fontSize: number; _font: { name: string } };
  const key = `${face._fontSize}|${face._font.name}|${text}`;
  let width = cache.get(key);
  if (width === undefined) cache.set(key, (width = doc.widthOfString(text)));
  return width;
}

/** The value shortened with an ellipsis until it fits the width in the current font. */
function fit(doc: Doc, value: string, width: number): string {
  const text = latin1(value);
  if (widthOf(doc, text) <= width) return text;
  let end = text.length;
  while (end > 1 && widthOf(doc, `${text.slice(0, end)}...`) > width) end -= Math.max(1, Math.floor((end - 1) / 8));
  return `${text.slice(0, end).trimEnd()}...`;
}

/** Renders the purchased report as a vector PDF: text stays text, charts are drawn shapes. */
export async function renderReportPdf(report: ReportSnapshot): Promise<Buffer> {
  // Loaded on the first report only: pdfkit and its fonts would otherwise sit in every server's memory.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Medora Outbreak Monitoring ${TIER_TITLES[report.tier]}`,
      Author: 'Medora',
      Subject: 'Medical Professional Only',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  cover(doc, report);
  if (report.tier !== 'summary') {
    doc.addPage();
    countryBreakdown(doc, report);
  }
  doc.addPage();
  caseTable(doc, report);
  footers(doc, report);
  doc.end();
  return done;
}

function cover(doc: Doc, report: ReportSnapshot) {
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(0, 0, doc.page.width, 150).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(26).text('Medora', MARGIN, 44);
  doc.font('Helvetica').fontSize(16).text('Outbreak Monitoring PDF Report', MARGIN, 80);
  doc.fontSize(12).text(TIER_TITLES[report.tier], MARGIN, 106);

  doc.rect(MARGIN, 176, width, 34).fill('#fee2e2');
  doc.fillColor('#991b1b').font('Helvetica-Bold').fontSize(14).text('Medical Professional Only', MARGIN, 186, {
    width,
    align: 'center',
  });

  doc.fillColor(INK).font('Helvetica').fontSize(11);
  doc.text(`Report date: ${day(report.purchasedAt)}`, MARGIN, 232);
  doc.text(`Report type: ${TIER_TITLES[report.tier]}`);
  doc.text(`Data as of: ${report.dataAsOf ? day(report.dataAsOf) : 'no data'}`);
  if (report.snapshotAsOf) doc.text(`Includes Medora's bundled snapshot dated ${day(report.snapshotAsOf)}`);
  doc.text(`Outbreaks covered: ${fmt(report.outbreakCount)}`);

  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(15).text('Summary statistics', MARGIN);
  const boxes: [string, number][] = [
    ['Total cases', report.totals.totalCases],
    ['Active cases', report.totals.activeCases],
    ['Recovered', report.totals.totalRecovered],
    ['Deaths', report.totals.totalDeaths],
  ];
  const top = doc.y + 10;
  const boxWidth = (width - 3 * 10) / 4;
  boxes.forEach(([label, value], i) => {
    const x = MARGIN + i * (boxWidth + 10);
    doc.roundedRect(x, top, boxWidth, 62, 6).lineWidth(1).strokeColor('#cbd5e1').stroke();
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(label, x + 10, top + 10, { width: boxWidth - 20 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(15)
      .text(fmt(value), x + 10, top + 30, { width: boxWidth - 20 });
  });
  doc.y = top + 82;
  doc.x = MARGIN;

  doc.font('Helvetica-Bold').fontSize(15).fillColor(INK).text('Outbreaks by severity', MARGIN);
  const bySeverity = OUTBREAK_SEVERITIES.map((s) => [s, report.cases.filter((c) => c.severity === s).length] as const);
  barChart(
    doc,
    bySeverity.map(([s, n]) => ({ label: s[0].toUpperCase() + s.slice(1), value: n, colour: SEVERITY_COLOURS[s] })),
    doc.y + 8,
  );
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8.5)
    .text(
      'Figures are as published by each source agency at the time shown; an empty cell means the source gave no figure. ' +
        'This report supports clinical awareness and does not replace official public-health guidance.',
      MARGIN,
      doc.y + 10,
      { width },
    );
}

type Bar = { label: string; value: number; colour: string };

/** Horizontal bars drawn as vector rectangles, labelled with their values. */
function barChart(doc: Doc, bars: Bar[], top: number, scale: 'linear' | 'log' = 'linear') {
  const labelWidth = 150;
  const chartWidth = doc.page.width - 2 * MARGIN - labelWidth - 80;
  const max = Math.max(1, ...bars.map((b) => b.value));
  bars.forEach((bar, i) => {
    const y = top + i * 22;
    doc.fillColor(INK).font('Helvetica').fontSize(9.5);
    doc.text(fit(doc, bar.label, labelWidth - 8), MARGIN, y + 3, { width: labelWidth - 8, lineBreak: false });
    const share = scale === 'log' ? Math.log10(bar.value + 1) / Math.log10(max + 1) : bar.value / max;
    const length = Math.max(1, share * chartWidth);
    doc.rect(MARGIN + labelWidth, y, length, 15).fill(bar.colour);
    doc
      .fillColor(MUTED)
      .fontSize(9)
      .text(fmt(bar.value), MARGIN + labelWidth + length + 6, y + 3, { lineBreak: false });
  });
  doc.x = MARGIN;
  doc.y = top + bars.length * 22 + 4;
}

type CountryRow = { country: string; outbreaks: number; confirmed: number; deaths: number; worst: OutbreakSeverity };

function byCountry(cases: OutbreakCase[]): CountryRow[] {
  const rows = new Map<string, CountryRow>();
  for (const c of cases) {
    const row = rows.get(c.country) ?? { country: c.country, outbreaks: 0, confirmed: 0, deaths: 0, worst: 'low' };
    row.outbreaks += 1;
    row.confirmed += c.confirmedCases ?? 0;
    row.deaths += c.deaths ?? 0;
    if (OUTBREAK_SEVERITIES.indexOf(c.severity) < OUTBREAK_SEVERITIES.indexOf(row.worst)) row.worst = c.severity;
    rows.set(c.country, row);
  }
  return [...rows.values()].sort((a, b) => b.confirmed - a.confirmed || a.country.localeCompare(b.country));
}

function countryBreakdown(doc: Doc, report: ReportSnapshot) {
  const countries = byCountry(report.cases);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text('Cases by country', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(
      'Confirmed cases in the ten countries with the most, on a logarithmic scale; bars take the colour of the most severe outbreak.',
    );
  barChart(
    doc,
    countries
      .filter((c) => c.country !== 'Global')
      .slice(0, 10)
      .map((c) => ({ label: c.country, value: c.confirmed, colour: SEVERITY_COLOURS[c.worst] })),
    doc.y + 8,
    'log',
  );
  doc.moveDown(1).fillColor(INK).font('Helvetica-Bold').fontSize(16).text('Per-country breakdown', MARGIN);
  table(
    doc,
    [
      { title: 'Country', width: 0.44, value: (r: CountryRow) => r.country },
      { title: 'Outbreaks', width: 0.12, align: 'right', value: (r: CountryRow) => fmt(r.outbreaks) },
      { title: 'Confirmed', width: 0.16, align: 'right', value: (r: CountryRow) => fmt(r.confirmed) },
      { title: 'Deaths', width: 0.13, align: 'right', value: (r: CountryRow) => fmt(r.deaths) },
      { title: 'Highest severity', width: 0.15, value: (r: CountryRow) => r.worst },
    ],
    countries,
  );
}

function caseTable(doc: Doc, report: ReportSnapshot) {
  const rows = report.tier === 'summary' ? report.cases.slice(0, SUMMARY_CASE_ROWS) : report.cases;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text('Outbreak cases', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(
      rows.length < report.cases.length
        ? `The ${rows.length} most severe of ${report.cases.length} outbreaks, most recent first within each severity.`
        : `All ${rows.length} outbreaks, most severe first, then most recent.`,
    );
  doc.moveDown(0.5);
  type Col = Column<OutbreakCase>;
  const columns: Col[] =
    report.tier === 'detailed'
      ? [
          { title: 'Disease', width: 0.2, value: (c) => c.diseaseName },
          { title: 'Country', width: 0.15, value: (c) => c.country },
          { title: 'Severity', width: 0.09, value: (c) => c.severity, colour: (c) => SEVERITY_COLOURS[c.severity] },
          { title: 'Confirmed', width: 0.12, align: 'right', value: (c) => fmt(c.confirmedCases) },
          { title: 'Deaths', width: 0.1, align: 'right', value: (c) => fmt(c.deaths) },
          { title: 'Source', width: 0.22, value: (c) => c.sourceAgency },
          { title: 'Last update', width: 0.12, value: (c) => shortDay(c.lastUpdated) },
        ]
      : [
          { title: 'Disease', width: 0.27, value: (c) => c.diseaseName },
          { title: 'Location', width: 0.2, value: (c) => c.location },
          { title: 'Country', width: 0.19, value: (c) => c.country },
          { title: 'Severity', width: 0.1, value: (c) => c.severity, colour: (c) => SEVERITY_COLOURS[c.severity] },
          { title: 'Confirmed', width: 0.13, align: 'right', value: (c) => fmt(c.confirmedCases) },
          { title: 'Deaths', width: 0.11, align: 'right', value: (c) => fmt(c.deaths) },
        ];
  table(doc, columns, rows);
}

type Column<T> = {
  title: string;
  /** Share of the page width. */
  width: number;
  align?: 'left' | 'right';
  value: (row: T) => string;
  colour?: (row: T) => string;
};

const ROW_HEIGHT = 16;

/** A table with one line per row (long values are shortened) and its header repeated on each page. */
/**
 * One table cell on one line. Placed by hand rather than through pdfkit's width and align options,
 * which run its line wrapper for every call: a thousand-row table renders several times faster.
 */
function cell(doc: Doc, value: string, x: number, y: number, w: number, align: 'left' | 'right' = 'left') {
  const inner = w - 8;
  const text = fit(doc, value, inner);
  const left = align === 'right' ? x + 4 + inner - widthOf(doc, text) : x + 4;
  doc.text(text, left, y, { lineBreak: false });
}

function table<T>(doc: Doc, columns: Column<T>[], rows: T[]) {
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 24;
  const header = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, width, ROW_HEIGHT + 2).fill('#e2e8f0');
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(8.5);
    let x = MARGIN;
    for (const col of columns) {
      const w = col.width * width;
      cell(doc, col.title, x, y + 5, w, col.align);
      x += w;
    }
    doc.y = y + ROW_HEIGHT + 2;
  };
  header();
  doc.font('Helvetica').fontSize(8.5);
  rows.forEach((row, i) => {
    if (doc.y + ROW_HEIGHT > bottom) {
      doc.addPage();
      doc.y = MARGIN;
      header();
      doc.font('Helvetica').fontSize(8.5);
    }
    const y = doc.y;
    if (i % 2 === 1) doc.rect(MARGIN, y, width, ROW_HEIGHT).fill('#f8fafc');
    let x = MARGIN;
    for (const col of columns) {
      const w = col.width * width;
      doc.fillColor(col.colour?.(row) ?? INK);
      cell(doc, col.value(row), x, y + 4, w, col.align);
      x += w;
    }
    doc.y = y + ROW_HEIGHT;
  });
  doc.x = MARGIN;
}

function footers(doc: Doc, report: ReportSnapshot) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN + 14;
    // Writing below the bottom margin would start a new page, so the margin is lifted for the footer.
    doc.page.margins.bottom = 0;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(
        `Medical Professional Only · Medora ${TIER_TITLES[report.tier]} · ${shortDay(report.purchasedAt)} · Page ${i + 1} of ${range.count}`,
        MARGIN,
        y,
        { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = MARGIN;
  }
}
